// The server's one check of what a file is (decision 0084): resumes (server/intake/career.ts and
// emailjs.ts), quote attachments (server/intake/quote.ts) and studio photos (server/studio/upload-limits.ts). A maintained library,
// `file-type` (21: runs on Node 20), names the format from the bytes; the policy's own finer rules
// then decide among what it may be (app/lib/contracts/file-content.ts, the small check the browser
// runs before sending, decision 0031): `file-type` calls a minimal DOCX or XLSX only "zip" and any
// OLE2 file "cfb", and knows no plain text. So a file passes only when both agree: the library names
// no other format, and the policy's check finds one of the kinds asked for.
import { fileTypeFromBuffer } from "file-type";
import { fileKindOf, type FileKind } from "../../app/lib/contracts/file-content";

/**
 * What each `file-type` answer may turn out to be. A ZIP, or an Office Open XML or OpenDocument
 * file without macros (templates included, as the policy's check takes them), may be DOCX, XLSX or
 * ODT: which one, the archive's entries say. A macro-enabled document (docm, xlsm, dotm…) or any
 * other format the library names (a program, an archive, PostScript) is none of the kinds.
 */
const kindsOfLibraryAnswer: Record<string, readonly FileKind[]> = {
  pdf: ["pdf"],
  ai: ["pdf"], // an Illustrator file is a PDF with private data
  cfb: ["doc"], // OLE2: a Word document, or Excel, PowerPoint, an installer…
  zip: ["docx", "xlsx", "odt"],
  docx: ["docx"],
  dotx: ["docx"],
  xlsx: ["xlsx"],
  xltx: ["xlsx"],
  odt: ["odt"],
  ott: ["odt"],
  rtf: ["rtf"],
  jpg: ["jpeg"],
  png: ["png"],
  apng: ["png"],
  webp: ["webp"],
};

/**
 * What the file is, among the kinds `among` (the whole file: every limit is a few MB at most), or
 * undefined when it is none of them.
 */
export async function fileKindFromBytes<K extends FileKind>(bytes: Uint8Array, among: readonly K[]): Promise<K | undefined> {
  if (bytes.length === 0) return undefined;
  const named = await fileTypeFromBuffer(bytes);
  // No format the library knows: only plain text can still be one of the kinds.
  const candidates: readonly FileKind[] = named ? (kindsOfLibraryAnswer[named.ext] ?? []) : ["txt"];
  const wanted = among.filter((kind) => candidates.includes(kind));
  return wanted.length ? fileKindOf(bytes, wanted) : undefined;
}

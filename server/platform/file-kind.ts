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

/** What the format check reads of a photo: its magic bytes, and the sample `file-type` looks at (4,100 bytes). */
export const formatSniffBytes = 4100;

/**
 * The first `bytes` of a stream (fewer when it is shorter) and the whole stream again, those bytes
 * first, the rest pulled from the source only as the new stream is read (its backpressure kept):
 * a photo streamed to the desk has its format checked without being held whole (decisions 0161, 0189).
 */
export async function peek(source: ReadableStream<Uint8Array>, bytes: number): Promise<{ head: Uint8Array; body: ReadableStream<Uint8Array> }> {
  const reader = source.getReader();
  const read: Uint8Array[] = [];
  let length = 0;
  while (length < bytes) {
    const chunk = await reader.read();
    if (chunk.done) break;
    read.push(chunk.value);
    length += chunk.value.byteLength;
  }
  const head = new Uint8Array(length);
  let at = 0;
  for (const chunk of read) {
    head.set(chunk, at);
    at += chunk.byteLength;
  }
  let first = true;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (first) {
        first = false;
        if (head.byteLength) return controller.enqueue(head);
      }
      const chunk = await reader.read();
      if (chunk.done) controller.close();
      else controller.enqueue(chunk.value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return { head, body };
}

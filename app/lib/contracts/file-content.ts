// The small check of what a file is, read from its bytes, never from its name or the type its
// sender declared (decision 0031): a resume (resume-type.ts), a quote's attachment (quote.ts
// attachmentTypes) and a studio photo (photo-limits.ts) are each a set of the kinds below. The
// browser runs it before sending (the career and quote forms), so it stays small and has no package.
// The server asks a maintained library first (server/platform/file-kind.ts, `file-type`, decision
// 0084) and then this check for what the library cannot tell: a DOCX from an XLSX by the archive's
// entries, a Word document from another OLE2 file, plain text.

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) => bytes.length >= at + prefix.length && prefix.every((b, i) => bytes[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

const pdfMagic = /* @__PURE__ */ ascii("%PDF-");
const oleMagic = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const zipMagic = [0x50, 0x4b, 0x03, 0x04];
const rtfMagic = /* @__PURE__ */ ascii("{\\rtf");
const jpegMagic = [0xff, 0xd8, 0xff];
const pngMagic = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const riffMagic = /* @__PURE__ */ ascii("RIFF");
const webpMagic = /* @__PURE__ */ ascii("WEBP");
const utf8Bom = [0xef, 0xbb, 0xbf];
const odtMimeType = "application/vnd.oasis.opendocument.text";

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * A Word 97-2003 document: an OLE2 compound file with a `WordDocument` stream. Excel, PowerPoint
 * and MSI installers are OLE2 files too, without that stream. Directory entries are 128 bytes and
 * every sector starts at a multiple of 128, so the entry can be looked for at those offsets
 * without following the allocation table.
 */
function isWordDocument(bytes: Uint8Array): boolean {
  const name = [...ascii("WordDocument"), 0].flatMap((c) => [c, 0]); // UTF-16LE with its terminator
  const data = view(bytes);
  for (let at = 512; at + 128 <= bytes.length; at += 128) {
    // name, then its length in bytes (with the terminator) at 64, then the object type (2 = stream) at 66
    if (startsWith(bytes, name, at) && data.getUint16(at + 64, true) === name.length && bytes[at + 66] === 2) return true;
  }
  return false;
}

/** The entry names of a ZIP archive, from its central directory; undefined when it cannot be read. */
export function zipEntryNames(bytes: Uint8Array): string[] | undefined {
  const data = view(bytes);
  // The end-of-central-directory record: 22 bytes, then a comment of up to 65,535 bytes.
  for (let end = bytes.length - 22; end >= Math.max(0, bytes.length - 22 - 0xffff); end--) {
    if (data.getUint32(end, true) !== 0x06054b50) continue;
    const count = data.getUint16(end + 10, true);
    let at = data.getUint32(end + 16, true);
    const names: string[] = [];
    const decoder = new TextDecoder();
    for (let i = 0; i < count; i++) {
      if (at + 46 > bytes.length || data.getUint32(at, true) !== 0x02014b50) return undefined;
      const nameLength = data.getUint16(at + 28, true);
      const next = at + 46 + nameLength + data.getUint16(at + 30, true) + data.getUint16(at + 32, true);
      if (next > bytes.length) return undefined;
      names.push(decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)));
      at = next;
    }
    return names;
  }
  return undefined;
}

/**
 * DOCX (Office Open XML word processing, without macros), XLSX (a workbook without macros) or ODT
 * (OpenDocument text), whichever of them is wanted; any other ZIP — a macro-enabled document, a
 * program in an archive — is none of them.
 */
function zipKind(bytes: Uint8Array, wanted: (kind: FileKind) => boolean): "docx" | "odt" | "xlsx" | undefined {
  // ODF: the first entry is `mimetype`, stored uncompressed, its content right after the 30-byte header and the name.
  const odtMime = ascii(`mimetype${odtMimeType}`);
  if (wanted("odt") && startsWith(bytes, odtMime, 30) && view(bytes).getUint16(26, true) === 8 && view(bytes).getUint16(8, true) === 0) {
    return "odt";
  }
  const names = zipEntryNames(bytes);
  if (!names) return undefined;
  const has = (name: string) => names.includes(name);
  if (!has("[Content_Types].xml") || names.some((n) => /vbaProject\.bin$/i.test(n))) return undefined;
  if (wanted("docx") && has("word/document.xml")) return "docx";
  if (wanted("xlsx") && has("xl/workbook.xml")) return "xlsx";
  return undefined;
}

/**
 * Plain text: UTF-8 (a BOM allowed) with no control characters but tab, line feed, form feed and
 * carriage return. Text a browser would sniff as markup (it starts with `<`) is not a plain-text
 * resume: an HTML page with a harmless name is still a page that runs when opened.
 */
function isPlainText(bytes: Uint8Array): boolean {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this looks for
  if (/[\u0000-\u0008\u000B\u000E-\u001F\u007F-\u009F]/.test(text)) return false;
  return !text.trimStart().startsWith("<");
}

/** Every kind of file the site takes from anyone, in any of its forms. */
export type FileKind = "pdf" | "doc" | "docx" | "odt" | "rtf" | "txt" | "jpeg" | "png" | "webp" | "xlsx";

/**
 * What the file is, among the kinds `among` (the whole file: each limit is at most a few MB), or
 * undefined when it is none of them. A signature is looked at only when one of its kinds is wanted;
 * a matched container (PDF, OLE2, ZIP) is then that kind or nothing.
 */
export function fileKindOf<K extends FileKind>(bytes: Uint8Array, among: readonly K[]): K | undefined {
  return kindOf(bytes, (kind) => (among as readonly FileKind[]).includes(kind)) as K | undefined;
}

function kindOf(bytes: Uint8Array, wanted: (kind: FileKind) => boolean): FileKind | undefined {
  if (bytes.length === 0) return undefined;
  if (wanted("pdf") && startsWith(bytes, pdfMagic)) return "pdf";
  if (wanted("doc") && startsWith(bytes, oleMagic)) return isWordDocument(bytes) ? "doc" : undefined;
  if ((wanted("docx") || wanted("odt") || wanted("xlsx")) && startsWith(bytes, zipMagic)) return zipKind(bytes, wanted);
  if (wanted("rtf") && startsWith(bytes, rtfMagic)) return "rtf";
  if (wanted("jpeg") && startsWith(bytes, jpegMagic)) return "jpeg";
  if (wanted("png") && startsWith(bytes, pngMagic)) return "png";
  if (wanted("webp") && startsWith(bytes, riffMagic) && startsWith(bytes, webpMagic, 8)) return "webp";
  if (wanted("txt") && (startsWith(bytes, utf8Bom) ? isPlainText(bytes.subarray(3)) : isPlainText(bytes))) return "txt";
  return undefined;
}

// Files for the tests of the resume rule (unit, server and e2e): small but well-formed examples of
// every accepted type and of what a probe of the running site sent (decision 0031). Built here, not
// committed as binaries, so each test shows what a file is made of.

type Bytes = Uint8Array<ArrayBuffer>;
const utf8 = (text: string): Bytes => new TextEncoder().encode(text);
const concat = (...parts: Uint8Array[]): Bytes => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const le = (bytes: number, value: number) => {
  const out = new Uint8Array(bytes);
  for (let i = 0; i < bytes; i++) out[i] = (value >>> (8 * i)) & 0xff;
  return out;
};

function crc32(data: Uint8Array): number {
  let crc = ~0;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** A ZIP archive with the entries stored (not compressed), in the given order. */
export function zip(entries: Record<string, string | Uint8Array>): Bytes {
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const data = typeof content === "string" ? utf8(content) : content;
    const fileName = utf8(name);
    // version, flags, method 0 (stored), time, date, CRC-32, sizes, name length, extra length
    const common = concat(le(2, 0), le(2, 0), le(2, 0), le(2, 0), le(4, crc32(data)), le(4, data.length), le(4, data.length), le(2, fileName.length), le(2, 0));
    const local = concat(le(4, 0x04034b50), le(2, 20), common, fileName, data);
    centrals.push(concat(le(4, 0x02014b50), le(2, 20), le(2, 20), common, le(2, 0), le(2, 0), le(2, 0), le(4, 0), le(4, offset), fileName));
    locals.push(local);
    offset += local.length;
  }
  const central = concat(...centrals);
  const end = concat(le(4, 0x06054b50), le(2, 0), le(2, 0), le(2, centrals.length), le(2, centrals.length), le(4, central.length), le(4, offset), le(2, 0));
  return concat(...locals, central, end);
}

const contentTypes = (main: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="${main}" ContentType="application/xml"/></Types>`;

/** A minimal 512-byte-sector OLE2 compound file whose directory holds the root entry and one stream. */
function compoundFile(streamName: string): Bytes {
  const header = new Uint8Array(512);
  header.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  header.set(le(2, 0x3e), 24); // minor version
  header.set(le(2, 3), 26); // major version 3: 512-byte sectors
  header.set(le(2, 0xfffe), 28); // little-endian
  header.set(le(2, 9), 30); // sector shift
  header.set(le(2, 6), 32); // mini sector shift
  header.set(le(4, 1), 44); // one FAT sector
  header.set(le(4, 1), 48); // the directory starts at sector 1
  header.set(le(4, 0x1000), 56);
  header.set(le(4, 0xfffffffe), 60);
  header.set(le(4, 0xfffffffe), 68);
  for (let i = 76; i < 512; i += 4) header.set(le(4, 0xffffffff), i);
  header.set(le(4, 0), 76); // FAT in sector 0
  const fat = new Uint8Array(512).fill(0xff);
  fat.set(le(4, 0xfffffffd), 0); // sector 0: FAT
  fat.set(le(4, 0xfffffffe), 4); // sector 1: directory, end of chain
  const entry = (name: string, type: number) => {
    const e = new Uint8Array(128);
    const units = [...name].flatMap((c) => [c.charCodeAt(0), 0]);
    e.set(units, 0);
    e.set(le(2, units.length + 2), 64);
    e[66] = type;
    e.set(le(4, 0xffffffff), 68);
    e.set(le(4, 0xffffffff), 72);
    e.set(le(4, 0xffffffff), 76);
    return e;
  };
  const directory = concat(entry("Root Entry", 5), entry(streamName, 2), new Uint8Array(256));
  return concat(header, fat, directory);
}

/** Accepted: one of each resume type. */
export const resumeSamples = {
  pdf: utf8("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n"),
  doc: compoundFile("WordDocument"),
  docx: zip({
    "[Content_Types].xml": contentTypes("/word/document.xml"),
    "_rels/.rels": '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>',
    "word/document.xml": '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>',
  }),
  odt: zip({
    mimetype: "application/vnd.oasis.opendocument.text",
    "content.xml": '<?xml version="1.0"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"/>',
    "META-INF/manifest.xml": '<?xml version="1.0"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"/>',
  }),
  rtf: utf8("{\\rtf1\\ansi Rahim Uddin, Merchandiser\\par}"),
  txt: utf8("Rahim Uddin\r\nMerchandiser, five years in knitwear.\n\tগার্মেন্টস\f\n"),
  jpeg: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]),
  png: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]),
};

/** Refused: programs, pages and archives, whatever their names say. */
export const notResumeSamples = {
  /** The start of a Linux executable. */
  elf: concat(new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), new Uint8Array(56)),
  /** The start of a Windows executable (application/x-msdownload). */
  exe: concat(utf8("MZ"), new Uint8Array([0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff]), new Uint8Array(48), utf8("This program cannot be run in DOS mode.")),
  html: utf8('<!DOCTYPE html><html><body><script>alert("hi")</script></body></html>'),
  htmlAfterBom: concat(new Uint8Array([0xef, 0xbb, 0xbf]), utf8("\n  <svg onload=alert(1)>")),
  xlsx: zip({ "[Content_Types].xml": contentTypes("/xl/workbook.xml"), "xl/workbook.xml": "<workbook/>" }),
  docm: zip({
    "[Content_Types].xml": contentTypes("/word/document.xml"),
    "word/document.xml": "<w:document/>",
    "word/vbaProject.bin": new Uint8Array([1, 2, 3]),
  }),
  exeInZip: zip({ "resume.exe": concat(utf8("MZ"), new Uint8Array(60)) }),
  /** An OLE2 file without a Word stream, as an Excel 97 workbook or an MSI installer is. */
  xls: compoundFile("Workbook"),
  invalidUtf8: new Uint8Array([0x52, 0x61, 0xc3, 0x28, 0x68]),
  controlCharacters: utf8("Rahim\u0000Uddin"),
};

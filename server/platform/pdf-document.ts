// The site's PDF building blocks (decision 0075): one library, pdfkit, for the line sheets the build
// makes now and the quotations the staff desk will send. A document is A4 with Noto Sans embedded
// (regular and bold; Latin, Latin Extended, Greek, Cyrillic, Vietnamese), so any name a buyer or a
// product has prints as written, which the 14 standard PDF fonts cannot promise. Node only.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { create as parseFont, type Font } from "fontkit";
import PDFDocument from "pdfkit";

const require = createRequire(import.meta.url);
/** Noto Sans (SIL Open Font Licence) as TTF, from the npm package that ships it (no system font needed). */
export const pdfFonts = {
  regular: require.resolve("@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf"),
  bold: require.resolve("@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf"),
} as const;

/**
 * Each font parsed once per process and shared by every document: pdfkit parses a font given by its
 * path anew for each document (three times: the default and the two names), and parsing Noto Sans's
 * tables was about half the CPU of drawing a line sheet (decision 0205). A document still embeds
 * its own subset; the parsed font is only read.
 */
const parsedFonts = new Map<keyof typeof pdfFonts, Font>();
function parsedFont(name: keyof typeof pdfFonts): Font {
  let font = parsedFonts.get(name);
  if (!font) {
    font = parseFont(readFileSync(pdfFonts[name]));
    parsedFonts.set(name, font);
  }
  return font;
}
/** pdfkit takes a parsed font (anything with `layout`) wherever it takes a font's file; its types list only file names and bytes. */
const fontSource = (name: keyof typeof pdfFonts) => parsedFont(name) as unknown as string;

export const pdfColours = { brand: "#0b3a7e", accent: "#f5b82e", ink: "#262c36", muted: "#4b5563", rule: "#d1d5db" } as const;
export const a4 = { width: 595.28, height: 841.89, margin: 42 } as const;

export type Pdf = InstanceType<typeof PDFDocument>;

/**
 * A new A4 document with the fonts registered ("regular", "bold") and pages kept until the end, so
 * a footer can number them. `date` is what the file's metadata says it was made (tests pass their own);
 * `lang` the document's language (the catalog's /Lang, a BCP 47 code: decision 0175), English unless given.
 */
export function createPdf({
  title,
  author,
  subject,
  date = new Date(),
  lang = "en",
}: {
  title: string;
  author: string;
  subject?: string;
  date?: Date;
  lang?: string;
}): Pdf {
  const doc = new PDFDocument({
    size: "A4",
    margin: a4.margin,
    bufferPages: true,
    font: fontSource("regular"),
    lang,
    displayTitle: true,
    info: { Title: title, Author: author, Subject: subject ?? title, Creator: author, CreationDate: date, ModDate: date },
  });
  doc.registerFont("regular", fontSource("regular"));
  doc.registerFont("bold", fontSource("bold"));
  doc.font("regular").fillColor(pdfColours.ink);
  return doc;
}

/** The finished document's bytes. */
export function pdfBytes(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.end();
  });
}

/**
 * What `draw` writes, said to be in `lang` (a marked-content span with /Lang, decision 0175): a
 * passage not in the document's language, so a reader reads it with its own voice. Without `lang`,
 * `draw` alone. A span that runs onto a new page is closed and opened again there by pdfkit.
 */
export function inLanguage<T>(doc: Pdf, lang: string | null | undefined, draw: () => T): T {
  if (!lang) return draw();
  doc.markContent("Span", { lang });
  try {
    return draw();
  } finally {
    doc.endMarkedContent();
  }
}

/** Words, and their language where it is not the passage's (the shape of app/lib/text-parts.ts's parts). */
export type PdfTextPart = { text: string; lang?: string };

/**
 * Words written on as one paragraph (pdfkit's `continued`), a part in another language in its own
 * marked-content span (decision 0183): pdfkit writes each call's text as it is called. `at`: where
 * the paragraph starts, else where the last text ended.
 */
export function writeParts(doc: Pdf, parts: readonly PdfTextPart[], options: PDFKit.Mixins.TextOptions, at?: { x: number; y: number }): void {
  parts.forEach((part, i) =>
    inLanguage(doc, part.lang, () => {
      const shown = { ...options, continued: i < parts.length - 1 };
      if (i === 0 && at) doc.text(part.text, at.x, at.y, shown);
      else doc.text(part.text, shown);
    }),
  );
}

/**
 * Parts (`writeParts`'s) centred or right-aligned in `width` from (x, y), on as many lines as they
 * need, broken at spaces (one line with `lineBreak: false`); then below them at `x`. pdfkit aligns a
 * `continued` call's text in what is left of its line, not the line as a whole, so each line is
 * measured here and each part written at its own x, one in another language in its own span
 * (decision 0194).
 */
export function writeAlignedParts(
  doc: Pdf,
  parts: readonly PdfTextPart[],
  { x, y, width, align, lineBreak = true }: { x: number; y: number; width: number; align: "center" | "right"; lineBreak?: boolean },
): void {
  // Words, each with the spaces after it, a word in two parts where no space parts them ("Dhaka-1230" and ", ").
  const words: PdfTextPart[][] = [];
  let open = false;
  for (const part of parts)
    part.text.split(/(?<=\s)(?=\S)/).forEach((text, i) => {
      if (!text) return;
      const piece = { text, ...(part.lang ? { lang: part.lang } : {}) };
      if (i === 0 && open) words.at(-1)!.push(piece);
      else words.push([piece]);
      open = !/\s$/.test(text);
    });
  // A line's width without its last spaces (written, as pdfkit writes them, but past its edge).
  const widthOf = (pieces: readonly PdfTextPart[]) =>
    pieces.reduce((sum, piece, i) => sum + doc.widthOfString(i === pieces.length - 1 ? piece.text.trimEnd() : piece.text), 0);
  const lines: PdfTextPart[][] = [];
  for (const word of words) {
    const line = lines.at(-1);
    if (!line || (lineBreak && widthOf([...line, ...word]) > width)) lines.push([...word]);
    else line.push(...word);
  }
  // Each piece at its place; next pieces in one language in one span, across lines too (a street on two lines is one passage).
  const lineHeight = doc.currentLineHeight(true);
  const runs: { lang?: string; pieces: { text: string; left: number; top: number }[] }[] = [];
  lines.forEach((line, n) => {
    let left = x + (align === "right" ? width - widthOf(line) : (width - widthOf(line)) / 2);
    const top = y + n * lineHeight;
    for (const { text, lang } of line) {
      const run = runs.at(-1)?.lang === lang ? runs.at(-1) : undefined;
      const last = run?.pieces.at(-1);
      if (last?.top === top) last.text += text;
      else if (run) run.pieces.push({ text, left, top });
      else runs.push({ ...(lang ? { lang } : {}), pieces: [{ text, left, top }] });
      left += doc.widthOfString(text);
    }
  });
  for (const run of runs) inLanguage(doc, run.lang, () => run.pieces.forEach((p) => doc.text(p.text, p.left, p.top, { lineBreak: false })));
  doc.x = x;
  doc.y = y + lines.length * lineHeight;
}

/** Who sends the document, from the content: the company's name and tagline, its head office and contact, its logo. */
export type Letterhead = {
  name: string;
  tagline: string;
  /** The tagline's language where it is not the document's (an untranslated tagline, decision 0175). */
  taglineLang?: string;
  /** As parts where a part is in another language than the document's (the street, decision 0194). */
  address: string | readonly PdfTextPart[];
  email: string;
  phone: string;
  website: string;
  /** A PNG or JPEG of the logo. */
  logo?: Buffer;
};

/**
 * The letterhead at the top of the current page: logo, name and tagline on the left, the head
 * office's address and contact on the right, a brand rule under both. Returns the y below it.
 */
export function drawLetterhead(doc: Pdf, head: Letterhead, { contactHeading }: { contactHeading?: string } = {}): number {
  const top = a4.margin;
  const logoSize = 46;
  const left = a4.margin + (head.logo ? logoSize + 12 : 0);
  if (head.logo) doc.image(head.logo, a4.margin, top, { width: logoSize, height: logoSize });
  const rightWidth = 200;
  const right = a4.width - a4.margin - rightWidth;
  doc
    .font("bold")
    .fontSize(15)
    .fillColor(pdfColours.brand)
    .text(head.name, left, top + 4, { width: right - left - 12 });
  inLanguage(doc, head.taglineLang, () =>
    doc
      .font("regular")
      .fontSize(9)
      .fillColor(pdfColours.muted)
      .text(head.tagline, left, doc.y + 1, { width: right - left - 12 }),
  );
  const leftBottom = Math.max(doc.y, top + logoSize);

  doc.fillColor(pdfColours.ink).fontSize(8.5);
  let y: number = top;
  if (contactHeading) {
    doc.font("bold").text(contactHeading, right, y, { width: rightWidth, align: "right" });
    y = doc.y;
  }
  doc.font("regular");
  writeAlignedParts(doc, typeof head.address === "string" ? [{ text: head.address }] : head.address, { x: right, y, width: rightWidth, align: "right" });
  doc.text([head.email, head.phone, head.website].filter(Boolean).join("\n"), right, doc.y, { width: rightWidth, align: "right" });
  const bottom = Math.max(leftBottom, doc.y) + 10;
  doc.rect(a4.margin, bottom, a4.width - 2 * a4.margin, 2.5).fill(pdfColours.brand);
  doc.fillColor(pdfColours.ink);
  return bottom + 14;
}

/**
 * "Name · Page 2 of 5" at the foot of every page, centred on one line (the document must be made
 * with bufferPages); as parts where a part is in another language than the document's (decision 0194).
 */
export function numberPages(doc: Pdf, footer: (page: number, pages: number) => string | readonly PdfTextPart[]): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const line = footer(i - start + 1, count);
    // Written at its place without wrapping: inside the bottom margin, and no new page.
    doc.font("regular").fontSize(7.5).fillColor(pdfColours.muted);
    writeAlignedParts(doc, typeof line === "string" ? [{ text: line }] : line, {
      x: a4.margin,
      y: a4.height - 28,
      width: a4.width - 2 * a4.margin,
      align: "center",
      lineBreak: false,
    });
  }
}

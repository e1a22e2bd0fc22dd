import { join } from "node:path";
import { formatMoney, lineAmount, totalsByCurrency } from "../../../app/lib/contracts/money";
import { a4, createPdf, drawLetterhead, numberPages, pdfBytes, pdfColours, type Pdf } from "../../platform/pdf-document";
import type { QuotationLine, QuotationTerms } from "../../leads/quotations";
import { longDay } from "../../platform/utc-time";
import {
  bankDetailsDefaults,
  fill,
  hasBankDetails,
  letterheadTaglineIn,
  quotationPageWordsDefaults,
  quotationPdfWordsDefaults,
  priceBreakText,
  type BankDetails,
  type Letterhead as LetterheadSettings,
  type QuotationPageWords,
  type QuotationPdfWords,
  type Signatory,
} from "../../../app/lib/contracts/server-settings";

// A quotation as a PDF (decision 0112): the company's letterhead from the content, the
// reference with its version, the date and validity, the buyer, one row per line, the totals of each
// currency (never one sum across currencies) and the terms. Made with the site's one PDF library
// (pdfkit, server/platform/pdf-document.ts, Noto Sans embedded: any buyer's or product's name prints as written).

export type QuotationDocument = {
  /** The content's (server-settings.json): its address in the document's language where it has one (decision 0198). */
  letterhead: LetterheadSettings;
  /** "Q-2026-00042". */
  reference: string;
  /** null for a draft's preview (marked as not sent). */
  version: number | null;
  /** The day it is issued (sent). */
  issuedOn: Date;
  buyer: { name: string; company: string; country: string };
  terms: QuotationTerms;
  lines: readonly QuotationLine[];
  /** The content's words for a line's price break, {n} and {price} (decision 0156); the default when absent. */
  priceBreakWords?: string;
  /** The company's bank details and signatory from the content (decision 0155): their blocks close the document, each left out while empty. */
  bankDetails?: BankDetails;
  signatory?: Signatory;
  /** The bank details' heading and labels as the studio words them for the buyer's page (decision 0155); the defaults when absent. */
  bankWords?: QuotationPageWords["bank"];
  /** The document's fixed words in the buyer's language (decision 0164); English when absent. */
  words?: QuotationPdfWords;
  /** The buyer's language (decision 0164): its days and numbers; English when absent. */
  locale?: string;
};

/** A line's price breaks as the buyer's page says them (decision 0156). */
const priceBreakTexts = (line: QuotationLine, words: string | undefined, locale: string) =>
  line.breaks.map((b) => priceBreakText(words, b.minQuantity, formatMoney(b.unitPriceMinor, line.currency), locale));

/**
 * The words of the document in the buyer's language (decision 0164: `QuotationDocument.words`, the
 * content's; English in code before), their slots filled, numbers and days as `Intl` writes them there.
 */
export function quotationPdfText(w: QuotationPdfWords = quotationPdfWordsDefaults, locale = "en") {
  return {
    title: (reference: string, version: number | null) => (version === null ? fill(w.draftTitle, { reference }) : fill(w.title, { reference, version })),
    date: w.date,
    validUntil: w.validUntil,
    to: w.to,
    columns: w.columns,
    pieces: (n: number) => fill(w.pieces, { n: n.toLocaleString(locale) }),
    detail: (line: QuotationLine) =>
      [line.colours > 1 ? fill(w.colours, { n: line.colours }) : w.oneColour, line.sizes && fill(w.sizes, { sizes: line.sizes })].filter(Boolean).join(", "),
    notPriced: w.notPriced,
    totalIn: (currency: string) => fill(w.totalIn, { currency }),
    totalsNote: w.totalsNote,
    termsHeading: w.termsHeading,
    incoterm: w.incoterm,
    paymentTerms: w.paymentTerms,
    leadTime: w.leadTime,
    sampleTerms: w.sampleTerms,
    terms: w.terms,
    day: (day: string | Date) => longDay(day, locale),
    validity: (day: string) => fill(w.validity, { day }),
    footer: (company: string, label: string, page: number, pages: number) => fill(w.footer, { company, label, page, pages }),
    onBehalfOf: (company: string) => fill(w.onBehalfOf, { company }),
  };
}
type PdfText = ReturnType<typeof quotationPdfText>;

const width = a4.width - 2 * a4.margin;
const bottom = a4.height - a4.margin - 18;
/** The table's columns: x offset from the margin and width. */
const columns = { n: [0, 18], product: [20, 245], quantity: [268, 70], unitPrice: [342, 80], amount: [426, width - 426] } as const;

function ensureRoom(doc: Pdf, y: number, needed: number, header?: () => number): number {
  if (y + needed <= bottom) return y;
  doc.addPage();
  return header ? header() : a4.margin;
}

function tableHeader(doc: Pdf, y: number, t: PdfText): number {
  doc.font("bold").fontSize(8.5).fillColor(pdfColours.muted);
  for (const [key, [x, w]] of Object.entries(columns)) {
    const align = key === "product" || key === "n" ? "left" : "right";
    doc.text(t.columns[key as keyof typeof columns], a4.margin + x, y, { width: w, align });
  }
  const below = y + 14;
  doc.rect(a4.margin, below, width, 0.8).fill(pdfColours.rule);
  doc.fillColor(pdfColours.ink);
  return below + 5;
}

/** A heading, then one line per row: its name in bold, its value beside it (several lines when it has them); the y below it. */
function labelledBlock(doc: Pdf, top: number, heading: string, rows: readonly (readonly [string, string])[]): number {
  doc.font("bold").fontSize(11).fillColor(pdfColours.brand).text(heading, a4.margin, top, { width });
  let y = doc.y + 4;
  doc.fontSize(9).fillColor(pdfColours.ink);
  for (const [name, value] of rows) {
    y = ensureRoom(doc, y, doc.heightOfString(value, { width: width - 120 }) + 4);
    doc.font("bold").text(name, a4.margin, y, { width: 115 });
    doc.font("regular").text(value, a4.margin + 120, y, { width: width - 120 });
    y = doc.y + 4;
  }
  return y;
}

/** The quotation's PDF bytes. */
export async function renderQuotationPdf(q: QuotationDocument, { logo }: { logo?: Buffer } = {}): Promise<Buffer> {
  const locale = q.locale ?? "en";
  const t = quotationPdfText(q.words, locale);
  const label = q.version === null ? q.reference : `${q.reference} v${q.version}`;
  const doc = createPdf({ title: t.title(q.reference, q.version), author: q.letterhead.name, date: q.issuedOn, lang: locale });
  // The tagline and address in the buyer's language, what is English in them marked (decisions 0198, 0203); a build without them prints the English ones.
  const { addressIn, taglineIn: _, ...head } = q.letterhead;
  const tagline = letterheadTaglineIn(q.letterhead, locale);
  let y = drawLetterhead(doc, {
    ...head,
    tagline: tagline.text,
    ...(tagline.lang ? { taglineLang: tagline.lang } : {}),
    address: addressIn?.[locale] ?? head.address,
    ...(logo ? { logo } : {}),
  });

  doc.font("bold").fontSize(16).fillColor(pdfColours.brand).text(t.title(q.reference, q.version), a4.margin, y, { width });
  y = doc.y + 6;
  const facts: [string, string][] = [
    [t.date, t.day(q.issuedOn)],
    [t.validUntil, t.day(q.terms.validUntil)],
    [t.to, [q.buyer.company, q.buyer.name, q.buyer.country].filter(Boolean).join(", ")],
  ];
  doc.fontSize(9.5).fillColor(pdfColours.ink);
  for (const [name, value] of facts) {
    doc.font("bold").text(`${name}: `, a4.margin, y, { continued: true }).font("regular").text(value, { width });
    y = doc.y + 2;
  }
  y += 10;

  y = tableHeader(doc, y, t);
  q.lines.forEach((line, i) => {
    doc.fontSize(9);
    const detail = t.detail(line);
    const notes = line.notes;
    const breaks = priceBreakTexts(line, q.priceBreakWords, locale);
    const productWidth = columns.product[1];
    const height =
      doc.font("bold").heightOfString(line.product, { width: productWidth }) +
      doc.font("regular").heightOfString(detail, { width: productWidth }) +
      (notes ? doc.fontSize(8).heightOfString(notes, { width: productWidth }) : 0) +
      breaks.reduce((sum, text) => sum + doc.fontSize(8).heightOfString(text, { width: productWidth }), 0) +
      6;
    doc.fontSize(9);
    y = ensureRoom(doc, y, height, () => tableHeader(doc, a4.margin, t));
    const amount = lineAmount(line);
    doc
      .font("regular")
      .fillColor(pdfColours.ink)
      .text(String(i + 1), a4.margin + columns.n[0], y, { width: columns.n[1] });
    doc.font("bold").text(line.product, a4.margin + columns.product[0], y, { width: productWidth });
    doc.font("regular").fillColor(pdfColours.muted).text(detail, { width: productWidth });
    if (notes) doc.fontSize(8).text(notes, { width: productWidth });
    // Offers for a larger order: the line's amount and the totals stay at its quantity (decision 0156).
    for (const text of breaks) doc.fontSize(8).text(text, { width: productWidth });
    doc.fontSize(9).fillColor(pdfColours.ink);
    doc.text(t.pieces(line.quantity), a4.margin + columns.quantity[0], y, { width: columns.quantity[1], align: "right" });
    doc.text(line.unitPriceMinor === null ? t.notPriced : formatMoney(line.unitPriceMinor, line.currency), a4.margin + columns.unitPrice[0], y, {
      width: columns.unitPrice[1],
      align: "right",
    });
    doc.text(amount === null ? "" : formatMoney(amount, line.currency), a4.margin + columns.amount[0], y, { width: columns.amount[1], align: "right" });
    y += height;
    doc.rect(a4.margin, y - 3, width, 0.4).fill(pdfColours.rule);
    doc.fillColor(pdfColours.ink);
  });

  const totals = totalsByCurrency(q.lines);
  y = ensureRoom(doc, y + 6, 20 + 16 * totals.length);
  for (const total of totals) {
    doc
      .font("bold")
      .fontSize(10)
      .text(t.totalIn(total.currency), a4.margin + columns.quantity[0], y, { width: columns.quantity[1] + columns.unitPrice[1], align: "right" });
    doc.text(formatMoney(total.minor, total.currency), a4.margin + columns.amount[0], y, { width: columns.amount[1], align: "right" });
    y = doc.y + 3;
  }
  if (totals.length > 1) {
    doc.font("regular").fontSize(8).fillColor(pdfColours.muted).text(t.totalsNote, a4.margin, y, { width, align: "right" });
    y = doc.y;
  }
  y += 14;

  const terms: [string, string][] = [
    [t.incoterm, [q.terms.incoterm, q.terms.namedPlace].filter(Boolean).join(" ")],
    [t.paymentTerms, q.terms.paymentTerms],
    [t.leadTime, q.terms.leadTime],
    [t.sampleTerms, q.terms.sampleTerms],
    [t.terms, q.terms.terms],
  ].filter(([, value]) => value) as [string, string][];
  y = labelledBlock(doc, ensureRoom(doc, y, 40), t.termsHeading, terms);
  y = ensureRoom(doc, y + 6, 30);
  doc
    .font("regular")
    .fontSize(9)
    .fillColor(pdfColours.muted)
    .text(t.validity(t.day(q.terms.validUntil)), a4.margin, y, { width });
  drawBankAndSignatory(doc, doc.y + 14, q, t);

  numberPages(doc, (page, pages) => t.footer(q.letterhead.name, label, page, pages));
  return pdfBytes(doc);
}

/**
 * The document's last blocks (decision 0155): "Bank details", one labelled line per field the content
 * fills (none empty), then the signature block — "For and on behalf of {company}", a line to sign
 * on, the signatory's name and position. Each block is left out while the content has nothing for it.
 */
function drawBankAndSignatory(doc: Pdf, top: number, q: QuotationDocument, t: PdfText): void {
  let y = top;
  if (hasBankDetails(q.bankDetails)) {
    const bank = q.bankDetails;
    // The bank details named as the buyer's page names them (the document passes the studio's words).
    const words = q.bankWords ?? quotationPageWordsDefaults.bank;
    const rows = (Object.keys(bankDetailsDefaults) as (keyof BankDetails)[]).filter((key) => bank[key]).map((key) => [words[key], bank[key]] as const);
    doc.fontSize(9);
    // Kept on one page when it fits on one.
    const needed = 24 + rows.reduce((sum, [, value]) => sum + doc.heightOfString(value, { width: width - 120 }) + 4, 0);
    y = labelledBlock(doc, ensureRoom(doc, y, Math.min(needed, bottom - a4.margin)), words.heading, rows) + 12;
  }
  const signatory = q.signatory;
  if (signatory?.name) {
    const column = 240;
    y = ensureRoom(doc, y, 80);
    doc.font("regular").fontSize(9).fillColor(pdfColours.ink).text(t.onBehalfOf(q.letterhead.name), a4.margin, y, { width: column });
    y = doc.y + 30;
    doc.rect(a4.margin, y, column * 0.8, 0.6).fill(pdfColours.muted);
    doc.fillColor(pdfColours.ink);
    doc.font("bold").text(signatory.name, a4.margin, y + 4, { width: column });
    if (signatory.position) doc.font("regular").text(signatory.position, { width: column });
  }
}

const logos = new Map<string, Promise<Buffer | undefined>>();

/**
 * The letterhead's logo of a served build: its icon (icons/icon-512.png, from public/), made 160 px
 * once per build (a 512 px PNG with alpha costs pdfkit far more to embed); none when the build has no icon.
 */
export function letterheadLogo(clientDir: string): Promise<Buffer | undefined> {
  let logo = logos.get(clientDir);
  if (!logo) {
    if (logos.size > 4) logos.clear();
    logo = import("sharp")
      .then(({ default: sharp }) => sharp(join(clientDir, "icons/icon-512.png")).resize(160, 160, { fit: "inside" }).png().toBuffer())
      .catch(() => undefined);
    logos.set(clientDir, logo);
  }
  return logo;
}

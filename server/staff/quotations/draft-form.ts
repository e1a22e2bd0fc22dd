import { createHash } from "node:crypto";
import { isCurrency, minorToDecimal, parseMoney } from "../../../app/lib/contracts/money";
import { textField, trimmedField } from "../../platform/form-reader";
import { replyKeyPattern } from "../../mail/replies";
import {
  isPastValidity,
  maxPriceBreaks,
  quotationTokenPattern,
  type PriceBreak,
  type Quotation,
  type QuotationLine,
  type QuotationTerms,
} from "../../leads/quotations";
import type { Problem } from "../ui";
import type { SentAs } from "./send";
import { quotationText as t } from "./texts";

// The editor's form (one native POST) ↔ a draft: the values exactly as typed (shown again with the
// problems, so nothing typed is lost), and the terms and lines they make when every value is good.

export const incoterms2020 = ["EXW", "FCA", "FAS", "FOB", "CFR", "CIF", "CPT", "CIP", "DAP", "DPU", "DDP"] as const;
export const maxLines = 50;
export const limits = { short: 200, long: 5000 } as const;

export type LineValues = {
  productRef: string;
  product: string;
  quantity: string;
  colours: string;
  sizes: string;
  price: string;
  currency: string;
  notes: string;
  /** The price breaks as typed (decision 0156), blank rows left out. */
  breaks: BreakValues[];
};
export type BreakValues = { quantity: string; price: string };
export type DraftValues = { terms: Record<keyof QuotationTerms, string>; lines: LineValues[] };

export const termFields = [
  "incoterm",
  "namedPlace",
  "paymentTerms",
  "leadTime",
  "validUntil",
  "sampleTerms",
  "terms",
] as const satisfies readonly (keyof QuotationTerms)[];
export const lineFields = ["product", "quantity", "colours", "sizes", "price", "currency", "notes"] as const;

/** The form control of a line's field: `line-2-price`. */
export const lineFieldName = (index: number, field: (typeof lineFields)[number] | "remove" | "productRef") => `line-${index}-${field}`;

/** The form control of a line's price break (decision 0156): `line-2-break-0-quantity`. */
export const breakFieldName = (index: number, row: number, field: keyof BreakValues) => `line-${index}-break-${row}-${field}`;

export const emptyLine = (currency: string): LineValues => ({
  productRef: "",
  product: "",
  quantity: "",
  colours: "1",
  sizes: "",
  price: "",
  currency,
  notes: "",
  breaks: [],
});

/** A saved draft as the form shows it. */
export function valuesOf(q: Quotation): DraftValues {
  return {
    terms: Object.fromEntries(termFields.map((f) => [f, q[f]])) as DraftValues["terms"],
    lines: q.lines.map((l) => ({
      productRef: l.productRef,
      product: l.product,
      quantity: String(l.quantity),
      colours: String(l.colours),
      sizes: l.sizes,
      price: l.unitPriceMinor === null ? "" : minorToDecimal(l.unitPriceMinor, l.currency),
      currency: l.currency,
      notes: l.notes,
      breaks: l.breaks.map((b) => ({ quantity: String(b.minQuantity), price: minorToDecimal(b.unitPriceMinor, l.currency) })),
    })),
  };
}

export type ParsedDraft = { values: DraftValues; terms: QuotationTerms; lines: QuotationLine[]; problems: Problem[] };

const wholeNumber = (text: string, max: number) => (/^\d{1,8}$/.test(text) && Number(text) >= 1 && Number(text) <= max ? Number(text) : undefined);
const maxQuantity = 10_000_000;

/**
 * A line's price breaks as posted (decision 0156): the rows with anything typed, in order; each a
 * whole quantity above the line's (`quantity`, undefined when that is not one) and above the break
 * before it, with a price in the line's currency (not checked while the currency is not a code).
 */
function parseBreaks(
  field: (name: string) => string,
  posted: number,
  index: number,
  line: { quantity: number | undefined; currency: string | undefined },
): { values: BreakValues[]; breaks: PriceBreak[]; problems: Problem[] } {
  const values: BreakValues[] = [];
  for (let row = 0; row < maxPriceBreaks; row++) {
    const typed = { quantity: field(breakFieldName(posted, row, "quantity")), price: field(breakFieldName(posted, row, "price")) };
    if (typed.quantity || typed.price) values.push(typed);
  }
  const breaks: PriceBreak[] = [];
  const problems: Problem[] = [];
  let previous: number | undefined;
  values.forEach((typed, row) => {
    const at = (f: keyof BreakValues) => breakFieldName(index, row, f);
    const named = { line: index + 1, row: row + 1 };
    const before = problems.length;
    const quantity = wholeNumber(typed.quantity, maxQuantity);
    if (!typed.quantity) problems.push({ fieldId: at("quantity"), message: t.problems.breakNoQuantity(named) });
    else if (quantity === undefined) problems.push({ fieldId: at("quantity"), message: t.problems.breakQuantity(named) });
    else if (line.quantity !== undefined && quantity <= line.quantity)
      problems.push({ fieldId: at("quantity"), message: t.problems.breakNotAboveLine(named, line.quantity) });
    else if (previous !== undefined && quantity <= previous)
      problems.push({ fieldId: at("quantity"), message: t.problems.breakNotIncreasing(named, previous) });
    if (quantity !== undefined) previous = quantity;
    let price: bigint | undefined;
    if (!typed.price) problems.push({ fieldId: at("price"), message: t.problems.breakNoPrice(named) });
    else if (line.currency) {
      const parsed = parseMoney(typed.price, line.currency);
      if (parsed.ok) price = parsed.minor;
      else problems.push({ fieldId: at("price"), message: t.problems.breakPrice(named, parsed.message) });
    }
    if (problems.length === before && quantity !== undefined && price !== undefined) breaks.push({ minQuantity: quantity, unitPriceMinor: price });
  });
  return { values, breaks, problems };
}

/**
 * The posted form: the lines numbered 0…`lines`-1 and the new line after them (kept only when a
 * product is written), those marked "remove" dropped. Problems name the field (`fieldId`) they are at.
 */
export function parseDraftForm(form: FormData): ParsedDraft {
  const field = (name: string) => trimmedField(form, name);
  const count = Math.min(Number.parseInt(field("lines"), 10) || 0, maxLines + 1);
  const problems: Problem[] = [];
  const terms = Object.fromEntries(termFields.map((f) => [f, field(f)])) as DraftValues["terms"];
  for (const f of termFields) {
    const max = f === "terms" || f === "sampleTerms" || f === "paymentTerms" ? limits.long : limits.short;
    if (terms[f].length > max) problems.push({ fieldId: f, message: t.problems.tooLong(t[f], max) });
  }
  if (terms.incoterm && !(incoterms2020 as readonly string[]).includes(terms.incoterm)) terms.incoterm = "";
  if (!/^\d{4}-\d{2}-\d{2}$/.test(terms.validUntil) || Number.isNaN(Date.parse(`${terms.validUntil}T00:00:00Z`)))
    problems.push({ fieldId: "validUntil", message: t.problems.validUntil });

  const values: LineValues[] = [];
  const lines: QuotationLine[] = [];
  for (let i = 0; i <= count; i++) {
    const typed = Object.fromEntries([...lineFields, "productRef"].map((f) => [f, field(lineFieldName(i, f as (typeof lineFields)[number]))]));
    const line = { ...(typed as Omit<LineValues, "breaks">), breaks: [] as BreakValues[] };
    line.currency = line.currency.toUpperCase();
    const isNew = i === count;
    if (form.get(lineFieldName(i, "remove")) !== null) continue;
    if (isNew && !line.product) continue;
    const index = values.length;
    const quantity = wholeNumber(line.quantity, maxQuantity);
    const currencyOk = isCurrency(line.currency);
    const priced = parseBreaks(field, i, index, { quantity, currency: currencyOk ? line.currency : undefined });
    line.breaks = priced.values;
    if (!isNew && Object.values(typed).every((v) => v === "") && line.breaks.length === 0) continue;
    values.push(line);
    const at = (f: (typeof lineFields)[number]) => lineFieldName(index, f);
    const before = problems.length;
    if (!line.product) problems.push({ fieldId: at("product"), message: t.problems.product });
    for (const f of ["product", "sizes"] as const)
      if (line[f].length > limits.short) problems.push({ fieldId: at(f), message: t.problems.tooLong(t[f], limits.short) });
    if (line.notes.length > limits.long) problems.push({ fieldId: at("notes"), message: t.problems.tooLong(t.notes, limits.long) });
    if (quantity === undefined) problems.push({ fieldId: at("quantity"), message: t.problems.quantity });
    const colours = wholeNumber(line.colours || "1", 1000);
    if (colours === undefined) problems.push({ fieldId: at("colours"), message: t.problems.colours });
    if (!currencyOk) problems.push({ fieldId: at("currency"), message: t.problems.currency });
    let price: bigint | null = null;
    if (line.price && currencyOk) {
      const parsed = parseMoney(line.price, line.currency);
      if (parsed.ok) price = parsed.minor;
      else problems.push({ fieldId: at("price"), message: t.problems.price(parsed.message) });
    }
    problems.push(...priced.problems);
    if (problems.length === before) {
      lines.push({
        productRef: line.productRef,
        product: line.product,
        quantity: quantity!,
        colours: colours!,
        sizes: line.sizes,
        unitPriceMinor: price,
        currency: line.currency,
        notes: line.notes,
        breaks: priced.breaks,
      });
    }
  }
  if (values.length > maxLines) problems.push({ message: t.problems.tooManyLines(maxLines) });
  return { values: { terms, lines: values }, terms: { ...terms }, lines, problems };
}

/** What must also hold to send: a line at least, every line priced, a validity from today on. */
export function sendProblems(draft: { terms: QuotationTerms; lines: readonly QuotationLine[] }, now: Date): Problem[] {
  const problems: Problem[] = [];
  if (draft.lines.length === 0) problems.push({ fieldId: lineFieldName(0, "product"), message: t.problems.noLines });
  draft.lines.forEach((line, i) => {
    if (line.unitPriceMinor === null) problems.push({ fieldId: lineFieldName(i, "price"), message: t.problems.unpricedLine(i + 1) });
  });
  if (isPastValidity(draft.terms.validUntil, now)) problems.push({ fieldId: "validUntil", message: t.problems.validPast });
  return problems;
}

/**
 * The draft as the e-mail's page showed it (decision 0151): its terms, lines and revision reason in
 * one hash, carried by the page's form, so a draft saved meanwhile is noticed before anything is sent.
 */
export function draftStamp(draft: Quotation): string {
  const lines = draft.lines.map((l) => ({
    ...l,
    unitPriceMinor: l.unitPriceMinor?.toString() ?? null,
    breaks: l.breaks.map((b) => ({ ...b, unitPriceMinor: b.unitPriceMinor.toString() })),
  }));
  const content = { terms: Object.fromEntries(termFields.map((f) => [f, draft[f]])), lines, revisionReason: draft.revisionReason };
  return createHash("sha256").update(JSON.stringify(content)).digest("base64url");
}

/** What the e-mail's form carries to the send (`SentAs`), or undefined when any of it is not what the page wrote. */
export function sentAsOf(form: FormData): SentAs | undefined {
  const version = textField(form, "version") ?? "";
  const token = textField(form, "token") ?? "";
  const key = textField(form, "key") ?? "";
  const quotes = textField(form, "quotes") ?? "";
  if (!/^[1-9]\d{0,5}$/.test(version) || !quotationTokenPattern.test(token) || !replyKeyPattern.test(key) || !/^(|[1-9]\d{0,14})$/.test(quotes))
    return undefined;
  return { version: Number(version), token, key, quotes: quotes ? Number(quotes) : null };
}

import { lineAmount, totalsByCurrency } from "../../../app/lib/contracts/money";
import type { QuotationLine, QuotationTerms } from "../../leads/quotations";

// What changed from one version of a quotation to the next (decision 0151), as B2B quote tools show
// a revision: each line added, removed or changed (product, quantity, colours, sizes, unit price,
// currency, line total, notes, price breaks — decision 0156), each term before and after, and each currency's total, never one sum
// across currencies. Pure: the desk's version page renders it.

export type LineField = "product" | "quantity" | "colours" | "sizes" | "unitPrice" | "currency" | "lineTotal" | "notes" | "priceBreaks";

export type LineChange =
  | { kind: "added"; after: QuotationLine }
  | { kind: "removed"; before: QuotationLine }
  | { kind: "changed" | "unchanged"; before: QuotationLine; after: QuotationLine; fields: LineField[] };

/** The terms compared, in the order the page lists them: the Incoterm with its named place as one term, the lines' currencies as one. */
export const comparedTerms = ["incotermPlace", "paymentTerms", "leadTime", "validUntil", "currencies", "sampleTerms", "terms"] as const;
export type ComparedTerm = (typeof comparedTerms)[number];
export type TermChange = { term: ComparedTerm; before: string; after: string; changed: boolean };

/** A currency's total before and after (null where that version has no priced line in it). */
export type TotalChange = { currency: string; before: bigint | null; after: bigint | null; kind: "added" | "removed" | "changed" | "unchanged" };

export type VersionChanges = { lines: LineChange[]; terms: TermChange[]; totals: TotalChange[]; changed: boolean };

type Compared = QuotationTerms & { lines: readonly QuotationLine[] };

/** A line's identity across versions: its catalogue product when it came from the request, else its product's words. */
const keyOf = (line: QuotationLine) => (line.productRef ? `ref:${line.productRef}` : `name:${line.product.trim().replace(/\s+/g, " ").toLowerCase()}`);

const termValue = (q: Compared, term: ComparedTerm): string => {
  if (term === "incotermPlace") return [q.incoterm, q.namedPlace].filter(Boolean).join(" ");
  if (term === "currencies") return [...new Set(q.lines.map((l) => l.currency))].join(", ");
  return q[term];
};

function fieldsChanged(before: QuotationLine, after: QuotationLine): LineField[] {
  const fields: LineField[] = [];
  if (before.product !== after.product) fields.push("product");
  if (before.quantity !== after.quantity) fields.push("quantity");
  if (before.colours !== after.colours) fields.push("colours");
  if (before.sizes !== after.sizes) fields.push("sizes");
  if (before.unitPriceMinor !== after.unitPriceMinor || before.currency !== after.currency) fields.push("unitPrice");
  if (before.currency !== after.currency) fields.push("currency");
  if (lineAmount(before) !== lineAmount(after) || before.currency !== after.currency) fields.push("lineTotal");
  if (before.notes !== after.notes) fields.push("notes");
  // A break added, removed or changed is a change of its line (decision 0156); the totals never count breaks.
  const breaksText = (line: QuotationLine) => line.breaks.map((b) => `${b.minQuantity}:${b.unitPriceMinor}`).join(" ");
  if (breaksText(before) !== breaksText(after) || (before.breaks.length > 0 && before.currency !== after.currency)) fields.push("priceBreaks");
  return fields;
}

/**
 * The changes from `before` (the previous version) to `after`: a line is the same line in both when
 * it has the same catalogue product (or, for a line staff added, the same product words), paired in
 * their order; the lines in `after`'s order, the removed ones after them.
 */
export function compareVersions(before: Compared, after: Compared): VersionChanges {
  const unpaired = new Map<string, QuotationLine[]>();
  for (const line of before.lines) unpaired.set(keyOf(line), [...(unpaired.get(keyOf(line)) ?? []), line]);
  const lines: LineChange[] = after.lines.map((line) => {
    const previous = unpaired.get(keyOf(line))?.shift();
    if (!previous) return { kind: "added", after: line };
    const fields = fieldsChanged(previous, line);
    return { kind: fields.length ? "changed" : "unchanged", before: previous, after: line, fields };
  });
  const paired = new Set(lines.flatMap((l) => (l.kind === "added" ? [] : [l.before])));
  for (const line of before.lines) if (!paired.has(line)) lines.push({ kind: "removed", before: line });

  const terms = comparedTerms.map((term) => {
    const [was, is] = [termValue(before, term), termValue(after, term)];
    return { term, before: was, after: is, changed: was !== is };
  });

  const beforeTotals = new Map(totalsByCurrency(before.lines).map((t) => [t.currency, t.minor]));
  const afterTotals = new Map(totalsByCurrency(after.lines).map((t) => [t.currency, t.minor]));
  const currencies = [...new Set([...afterTotals.keys(), ...beforeTotals.keys()])];
  const totals = currencies.map((currency): TotalChange => {
    const [was, is] = [beforeTotals.get(currency) ?? null, afterTotals.get(currency) ?? null];
    const kind = was === null ? "added" : is === null ? "removed" : was === is ? "unchanged" : "changed";
    return { currency, before: was, after: is, kind };
  });

  const changed = lines.some((l) => l.kind !== "unchanged") || terms.some((t) => t.changed) || totals.some((t) => t.kind !== "unchanged");
  return { lines, terms, totals, changed };
}

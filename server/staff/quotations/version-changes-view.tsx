/** @jsxImportSource hono/jsx */
import { formatMoney, lineAmount } from "../../../app/lib/contracts/money";
import type { QuotationLine } from "../../leads/quotations";
import { DataTable } from "../ui";
import { quotationText } from "./texts";
import type { LineChange, TermChange, TotalChange, VersionChanges } from "./version-changes";

const t = quotationText.changes;

const quantityText = (line: QuotationLine) => line.quantity.toLocaleString("en");
const priceText = (line: QuotationLine) => (line.unitPriceMinor === null ? t.notPriced : formatMoney(line.unitPriceMinor, line.currency));
const amountText = (line: QuotationLine) => {
  const amount = lineAmount(line);
  return amount === null ? t.notPriced : formatMoney(amount, line.currency);
};
const orNone = (text: string) => text || t.empty;
const breaksText = (line: QuotationLine) =>
  line.breaks.map((b) => t.priceBreak(b.minQuantity.toLocaleString("en"), formatMoney(b.unitPriceMinor, line.currency))).join("; ");

/** One value of a line in its column: the new one for an added line, the old for a removed one, "Changed: before → after" where it changed. */
function lineValue(change: LineChange, value: (line: QuotationLine) => string) {
  if (change.kind === "added") return value(change.after);
  if (change.kind === "removed") return value(change.before);
  const [before, after] = [value(change.before), value(change.after)];
  return before === after ? after : t.changedValue(before, after);
}

/** The change column: Added, Removed, Unchanged, or Changed with the changes the other columns do not show. */
function changeCell(change: LineChange) {
  if (change.kind === "added" || change.kind === "removed") {
    const line = change.kind === "added" ? change.after : change.before;
    return (
      <>
        {change.kind === "added" ? t.added : t.removed}
        {line.breaks.length > 0 && (
          <>
            <br />
            {`${t.fields.priceBreaks}: ${breaksText(line)}`}
          </>
        )}
      </>
    );
  }
  if (change.kind === "unchanged") return t.unchanged;
  const { before, after } = change;
  const more = [
    change.fields.includes("colours") && t.fieldChange(t.fields.colours, String(before.colours), String(after.colours)),
    change.fields.includes("sizes") && t.fieldChange(t.fields.sizes, orNone(before.sizes), orNone(after.sizes)),
    change.fields.includes("notes") && t.fieldChange(t.fields.notes, orNone(before.notes), orNone(after.notes)),
    change.fields.includes("priceBreaks") && t.fieldChange(t.fields.priceBreaks, orNone(breaksText(before)), orNone(breaksText(after))),
  ].filter((x): x is string => typeof x === "string");
  return (
    <>
      {t.changed}
      {more.map((text) => (
        <>
          <br />
          {text}
        </>
      ))}
    </>
  );
}

const termText = (change: TermChange) =>
  change.changed ? t.changedValue(orNone(change.before), orNone(change.after)) : t.unchangedValue(orNone(change.after));

function totalText(change: TotalChange) {
  const money = (minor: bigint | null) => (minor === null ? t.empty : formatMoney(minor, change.currency));
  if (change.kind === "added") return t.addedValue(money(change.after));
  if (change.kind === "removed") return t.removedValue(money(change.before));
  if (change.kind === "unchanged") return t.unchangedValue(money(change.after));
  return t.changedValue(money(change.before), money(change.after));
}

/** The changes from the previous version: a summary in words, then the lines, the terms and the totals as tables, each change said in text. */
export function VersionChangesView({ changes, previous, version }: { changes: VersionChanges; previous: number; version: number }) {
  const counts = {
    added: changes.lines.filter((l) => l.kind === "added").length,
    removed: changes.lines.filter((l) => l.kind === "removed").length,
    changed: changes.lines.filter((l) => l.kind === "changed").length,
    terms: changes.terms.filter((c) => c.changed).length,
  };
  return (
    <section aria-labelledby="changes-heading">
      <h2 id="changes-heading">{t.heading(previous)}</h2>
      <p>{changes.changed ? t.summary(previous, counts) : t.none(previous)}</p>
      <DataTable
        caption={t.linesCaption(previous, version)}
        empty=""
        rows={changes.lines}
        columns={[
          { header: t.linesColumns.product, rowHeader: true, cell: (c) => lineValue(c, (l) => l.product) },
          { header: t.linesColumns.change, wraps: true, cell: changeCell },
          { header: t.linesColumns.quantity, cell: (c) => lineValue(c, quantityText) },
          { header: t.linesColumns.unitPrice, cell: (c) => lineValue(c, priceText) },
          { header: t.linesColumns.lineTotal, cell: (c) => lineValue(c, amountText) },
        ]}
      />
      <DataTable
        caption={t.termsCaption(previous, version)}
        empty=""
        rows={changes.terms}
        columns={[
          { header: t.termsColumns.term, rowHeader: true, cell: (c) => t.terms[c.term] },
          { header: t.termsColumns.value, wraps: true, cell: termText },
        ]}
      />
      <DataTable
        caption={t.totalsCaption(previous, version)}
        empty={quotationText.noTotals}
        rows={changes.totals}
        columns={[
          { header: t.totalsColumns.currency, rowHeader: true, cell: (c) => c.currency },
          { header: t.totalsColumns.total, wraps: true, cell: totalText },
        ]}
      />
    </section>
  );
}

/** @jsxImportSource hono/jsx */
import type { UnansweredQuotation } from "../../leads/unanswered-quotations";
import { versionLabel } from "../../leads/quotations";
import { daysSince } from "../quotations/follow-up";
import { DataTable } from "../ui";
import { unansweredText as u } from "./texts";

// Quotations the buyer has not answered (decision 0158): the marker in the list's rows and on a
// lead's page (strong, never colour alone), and the list's section of the reader's own (and, for the
// roles that take them, those nobody has), oldest sent first.

/** What the inbox knows of unanswered quotations: the reader's, the page's by lead, the setting's days and the clock. */
export type UnansweredContext = {
  mine: { quotations: UnansweredQuotation[]; total: number };
  byLead: ReadonlyMap<number, UnansweredQuotation>;
  days: number;
  now: Date;
};

/** "Quotation Q-2026-00042 v2 unanswered for 6 days". */
export const unansweredWords = (q: UnansweredQuotation, now: Date) => u.marker(versionLabel(q.reference, q.version), daysSince(q.sentAt, now));

export function UnansweredMarker({ quotation, now }: { quotation: UnansweredQuotation; now: Date }) {
  return <strong class="unanswered">{unansweredWords(quotation, now)}</strong>;
}

export function UnansweredSection({
  context,
  names,
  leadHref,
}: {
  context: UnansweredContext;
  names: ReadonlyMap<string, string>;
  leadHref: (id: number) => string;
}) {
  const { quotations, total } = context.mine;
  if (quotations.length === 0) return null;
  return (
    <section aria-labelledby="unanswered-heading">
      <h2 id="unanswered-heading">{u.heading}</h2>
      <p>{u.intro(context.days)}</p>
      {total > quotations.length && <p>{u.more(quotations.length, total)}</p>}
      <DataTable
        caption={u.caption}
        empty=""
        rows={quotations}
        columns={[
          { header: u.columns.quotation, rowHeader: true, cell: (q) => <a href={leadHref(q.leadId)}>{versionLabel(q.reference, q.version)}</a> },
          { header: u.columns.unanswered, cell: (q) => <strong>{u.days(daysSince(q.sentAt, context.now))}</strong> },
          { header: u.columns.buyer, cell: (q) => [q.buyer.name, q.buyer.company].filter(Boolean).join(", ") },
          { header: u.columns.validUntil, cell: (q) => q.validUntil },
          { header: u.columns.assignee, cell: (q) => (q.assigneeId ? (names.get(q.assigneeId) ?? q.assigneeId) : u.nobody) },
        ]}
      />
    </section>
  );
}

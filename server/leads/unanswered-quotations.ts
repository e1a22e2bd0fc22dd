import { sql } from "drizzle-orm";
import { rows, type Database } from "../db/db";
import { leadReference } from "./inbox";
import { contentOf, fieldText } from "./lead-record";
import { closedLeadStatuses } from "./quotations";

// Quotations the buyer has not answered (decision 0158): the newest sent version of a quote lead,
// still open — sent, not answered on its page, not revoked, not superseded, within its validity —
// whose lead has had no message from the buyer since it was sent, and nothing from us either for the
// last `days` days (the quotation's own e-mail counts as ours: a follow-up sent from the desk starts
// the quiet time again). A lead snoozed to a follow-up date (decision 0153) waits for its day; a won
// or lost lead is done. Measured on the desk's clock in calendar days (24 hours each).

/** The facts the list's marker and the suggested follow-up need. */
export type UnansweredQuotation = {
  quotationId: number;
  leadId: number;
  reference: string;
  version: number;
  sentAt: Date;
  /** The last day its prices hold (YYYY-MM-DD, UTC: decision 0110). */
  validUntil: string;
  assigneeId: string | null;
  buyer: { name: string; company: string; country: string };
  /** For its totals per currency (app/lib/contracts/money.ts). */
  lines: { quantity: number; unitPriceMinor: bigint | null; currency: string }[];
};

/** Whose leads: every lead's (`leadIds` narrows), or one member's and, for the roles that take them, the leads nobody has. */
export type UnansweredScope = { leadIds: readonly number[] } | { assigneeId: string; unassignedToo: boolean };

type Row = {
  id: number | string;
  lead_id: number | string;
  reference: string | null;
  version: number | string;
  sent_at: Date | string;
  valid_until: string;
  assignee_id: string | null;
  source: string;
  fields: unknown;
  lines: { quantity: number; unit_price_minor: string | null; currency: string }[] | string | null;
};

const buyerOf = (content: ReturnType<typeof contentOf>) => ({
  name: fieldText(content, "name"),
  company: fieldText(content, "company"),
  country: fieldText(content, "country"),
});

/** At most this many in one read (the list's section shows them; more than that is a backlog, counted by `total`). */
export const unansweredLimit = 50;

/**
 * The unanswered quotations at `now`, oldest sent first, for `scope`: sent at least `days` days
 * before `now`, and quiet (no message in either direction) since `days` days before `now` too.
 */
export async function unansweredQuotations(
  db: Database,
  { now, days, scope, limit = unansweredLimit }: { now: Date; days: number; scope: UnansweredScope; limit?: number },
): Promise<{ quotations: UnansweredQuotation[]; total: number }> {
  if ("leadIds" in scope && scope.leadIds.length === 0) return { quotations: [], total: 0 };
  const cutoff = new Date(now.getTime() - days * 86_400_000).toISOString();
  const today = now.toISOString().slice(0, 10);
  const whose =
    "leadIds" in scope
      ? sql`l.id in (${sql.join(
          scope.leadIds.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : scope.unassignedToo
        ? sql`(l.assignee_id = ${scope.assigneeId} or l.assignee_id is null)`
        : sql`l.assignee_id = ${scope.assigneeId}`;
  const found = await rows<Row & { total: number | string }>(
    db,
    sql`select q.id, q.lead_id, l.reference, q.version, q.sent_at, to_char(q.valid_until, 'YYYY-MM-DD') as valid_until,
          l.assignee_id, l.source, l.fields, count(*) over () as total,
          (select coalesce(jsonb_agg(jsonb_build_object('quantity', ql.quantity, 'unit_price_minor', ql.unit_price_minor::text, 'currency', ql.currency)
              order by ql.position), '[]'::jsonb) from quotation_lines ql where ql.quotation_id = q.id) as lines
        from quotations q join leads l on l.id = q.lead_id
        where q.status = 'sent' and q.revoked_at is null and q.responded_at is null and q.version is not null
          and q.sent_at <= ${cutoff}::timestamptz and q.valid_until >= ${today}::date
          and l.form = 'quote' and l.status not in (${sql.join(
            closedLeadStatuses.map((status) => sql`${status}`),
            sql`, `,
          )})
          and (l.follow_up_at is null or l.follow_up_at <= ${now.toISOString()}::timestamptz)
          and ${whose}
          and not exists (select 1 from quotations v where v.lead_id = q.lead_id and v.version > q.version)
          and not exists (select 1 from lead_messages m where m.lead_id = q.lead_id and m.direction = 'in' and m.at > q.sent_at)
          and not exists (select 1 from lead_messages m where m.lead_id = q.lead_id and m.direction = 'out' and m.at > ${cutoff}::timestamptz)
        order by q.sent_at, q.id
        limit ${limit}`,
  );
  return {
    total: found.length ? Number(found[0]!.total) : 0,
    quotations: found.map((row) => {
      const lines = typeof row.lines === "string" ? (JSON.parse(row.lines) as Exclude<Row["lines"], string>) : row.lines;
      return {
        quotationId: Number(row.id),
        leadId: Number(row.lead_id),
        reference: leadReference(Number(row.lead_id), row.reference),
        version: Number(row.version),
        sentAt: new Date(row.sent_at),
        validUntil: String(row.valid_until).slice(0, 10),
        assigneeId: row.assignee_id,
        buyer: buyerOf(contentOf("quote", row.source, row.fields)),
        lines: (lines ?? []).map((l) => ({
          quantity: Number(l.quantity),
          unitPriceMinor: l.unit_price_minor === null ? null : BigInt(l.unit_price_minor),
          currency: l.currency,
        })),
      };
    }),
  };
}

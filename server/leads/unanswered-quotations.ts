import { sql } from "drizzle-orm";
import { rows, type Database } from "../db/db";
import { selectSentVersions, toPipelineQuotation, type PipelineQuotation, type SentVersionRow } from "./pipeline";
import { closedLeadStatuses } from "./quotations";

// Quotations the buyer has not answered (decision 0158): the newest sent version of a quote lead,
// still open — sent, not answered on its page, not revoked, not superseded, within its validity —
// whose lead has had no message from the buyer since it was sent, and nothing from us either for the
// last `days` days (the quotation's own e-mail counts as ours: a follow-up sent from the desk starts
// the quiet time again). A lead snoozed to a follow-up date (decision 0153) waits for its day; a won
// or lost lead is done. Measured on the desk's clock in calendar days (24 hours each).

/** A sent version with its lead's reference, buyer, assignee and lines (server/leads/pipeline.ts). */
export type UnansweredQuotation = PipelineQuotation;

/** Whose leads: every lead's (`leadIds` narrows), or one member's and, for the roles that take them, the leads nobody has. */
export type UnansweredScope = { leadIds: readonly number[] } | { assigneeId: string; unassignedToo: boolean };

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
  const list = (values: readonly (string | number)[]) =>
    sql.join(
      values.map((value) => sql`${value}`),
      sql`, `,
    );
  const whose =
    "leadIds" in scope
      ? sql`l.id in (${list(scope.leadIds)})`
      : scope.unassignedToo
        ? sql`(l.assignee_id = ${scope.assigneeId} or l.assignee_id is null)`
        : sql`l.assignee_id = ${scope.assigneeId}`;
  const open = sql`q.status = 'sent' and q.revoked_at is null and q.responded_at is null
    and q.sent_at <= ${cutoff}::timestamptz and q.valid_until >= ${today}::date
    and l.status not in (${list(closedLeadStatuses)})
    and (l.follow_up_at is null or l.follow_up_at <= ${now.toISOString()}::timestamptz)
    and ${whose}
    and not exists (select 1 from quotations v where v.lead_id = q.lead_id and v.version > q.version)
    and not exists (select 1 from lead_messages m where m.lead_id = q.lead_id and m.direction = 'in' and m.at > q.sent_at)
    and not exists (select 1 from lead_messages m where m.lead_id = q.lead_id and m.direction = 'out' and m.at > ${cutoff}::timestamptz)`;
  const found = await rows<SentVersionRow & { total: number | string }>(
    db,
    sql`select s.*, count(*) over () as total from (${selectSentVersions(open)}) s order by s.sent_at, s.id limit ${limit}`,
  );
  return { total: found.length ? Number(found[0]!.total) : 0, quotations: found.map(toPipelineQuotation) };
}

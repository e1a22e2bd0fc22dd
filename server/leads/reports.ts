import { sql, type SQL } from "drizzle-orm";
import type { LeadKind as LeadType } from "../../app/lib/contracts/leads";
import { rows, type Database } from "../db/db";
import { buyerActorId } from "./quotations";

// What the weekly reports read (decision 0105, server/staff/reports.ts computes the figures).

export type ReportLead = { type: LeadType; receivedAt: Date; firstResponseAt: Date | null };
export type ReportReply = { at: Date; sentBy: string };
/** A later reply (decision 0157): when it went out, and since when the sender it answers had waited. */
export type LaterReply = { type: LeadType; waitingSince: Date; repliedAt: Date };

/**
 * The leads of `types` received since `from`, the replies sent to them since `from` (not the page's
 * confirmations of an acceptance, decision 0155), and of those the later replies (`laterReplies`).
 */
export async function reportRows(
  db: Database,
  { types, from }: { types: readonly LeadType[]; from: Date },
): Promise<{ leads: ReportLead[]; replies: ReportReply[]; laterReplies: LaterReply[] }> {
  if (types.length === 0) return { leads: [], replies: [], laterReplies: [] };
  const typeList = sql.join(
    types.map((t) => sql`${t}`),
    sql`, `,
  );
  const [leads, replies, laterReplies] = await Promise.all([
    rows<{ form: LeadType; received_at: Date | string; first_response_at: Date | string | null }>(
      db,
      sql`select form, received_at, first_response_at from leads where received_at >= ${from.toISOString()}::timestamptz and form in (${typeList})`,
    ),
    rows<{ at: Date | string; sent_by_name: string | null }>(
      db,
      sql`select m.at, m.sent_by_name from lead_messages m join leads l on l.id = m.lead_id
          where m.direction = 'out' and m.purpose is distinct from 'acceptance' and m.at >= ${from.toISOString()}::timestamptz and l.form in (${typeList})`,
    ),
    laterReplyRows(db, { typeList, from }),
  ]);
  return {
    leads: leads.map((l) => ({
      type: l.form,
      receivedAt: new Date(l.received_at),
      firstResponseAt: l.first_response_at === null ? null : new Date(l.first_response_at),
    })),
    replies: replies.map((r) => ({ at: new Date(r.at), sentBy: r.sent_by_name ?? "?" })),
    laterReplies,
  };
}

/**
 * The replies sent since `from` that answer the sender speaking again after the desk's first reply
 * (decision 0157), read from the conversation: a reply after the first whose lead heard from its
 * sender since the desk's previous reply — an e-mail read from the mailbox, or an answer on the
 * quotation's page that asks something of us (as `awaiting_since` counts them: decision 0121) — with
 * the first such moment, from which its due time counts.
 */
async function laterReplyRows(db: Database, { typeList, from }: { typeList: SQL; from: Date }): Promise<LaterReply[]> {
  const found = await rows<{ form: LeadType; waiting_since: Date | string | null; replied_at: Date | string }>(
    db,
    sql`with spoke as (
          select lead_id, at from lead_messages where direction = 'in'
          union all
          select lead_id, at from lead_events where kind = 'quotation' and actor_id = ${buyerActorId} and to_value <> 'decline')
        select form, waiting_since, replied_at from (
          select l.form, o.at as replied_at,
            (select min(s.at) from spoke s where s.lead_id = o.lead_id and s.at <= o.at
               and s.at > coalesce((select max(p.at) from lead_messages p
                                    where p.lead_id = o.lead_id and p.direction = 'out' and (p.at, p.id) < (o.at, o.id)), l.first_response_at)) as waiting_since
          from lead_messages o join leads l on l.id = o.lead_id
          where o.direction = 'out' and o.at >= ${from.toISOString()}::timestamptz and l.form in (${typeList})
            and l.first_response_at is not null and o.at > l.first_response_at) as later
        where waiting_since is not null
        order by replied_at`,
  );
  return found.map((r) => ({ type: r.form, waitingSince: new Date(r.waiting_since!), repliedAt: new Date(r.replied_at) }));
}

import { sql } from "drizzle-orm";
import type { LeadKind as LeadType } from "../../app/lib/contracts/leads";
import { rows, type Database } from "../db/db";

// What the weekly reports read (decision 0105, server/staff/reports.ts computes the figures).

export type ReportLead = { type: LeadType; receivedAt: Date; firstResponseAt: Date | null };
export type ReportReply = { at: Date; sentBy: string };

/** The leads of `types` received since `from`, and the replies sent to them since `from` (not the page's confirmations of an acceptance, decision 0155). */
export async function reportRows(
  db: Database,
  { types, from }: { types: readonly LeadType[]; from: Date },
): Promise<{ leads: ReportLead[]; replies: ReportReply[] }> {
  if (types.length === 0) return { leads: [], replies: [] };
  const typeList = sql.join(
    types.map((t) => sql`${t}`),
    sql`, `,
  );
  const [leads, replies] = await Promise.all([
    rows<{ form: LeadType; received_at: Date | string; first_response_at: Date | string | null }>(
      db,
      sql`select form, received_at, first_response_at from leads where received_at >= ${from.toISOString()}::timestamptz and form in (${typeList})`,
    ),
    rows<{ at: Date | string; sent_by_name: string | null }>(
      db,
      sql`select m.at, m.sent_by_name from lead_messages m join leads l on l.id = m.lead_id
          where m.direction = 'out' and m.purpose is distinct from 'acceptance' and m.at >= ${from.toISOString()}::timestamptz and l.form in (${typeList})`,
    ),
  ]);
  return {
    leads: leads.map((l) => ({
      type: l.form,
      receivedAt: new Date(l.received_at),
      firstResponseAt: l.first_response_at === null ? null : new Date(l.first_response_at),
    })),
    replies: replies.map((r) => ({ at: new Date(r.at), sentBy: r.sent_by_name ?? "?" })),
  };
}

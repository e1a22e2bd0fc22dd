import { and, eq, lt, sql } from "drizzle-orm";
import type { LeadKind } from "../../app/lib/contracts/leads";
import { rows, type Database } from "../db/db";
import { leads } from "../db/schema";

// Leads deleted with everything that belongs to them: on an administrator's request and by the
// retention of job applications (server/staff/retention.ts decides when, and records it).

/**
 * Deletes leads with everything that belongs to them (files, messages, mail jobs, quotations and the
 * lead's `.eml` — their objects in the bucket queued in `object_removals` —, duplicate keys, the inbox's
 * history, notes and read markers, quotations with their lines) in one statement: the embedded database is reached through a
 * message per query (decision 0041), where an interactive transaction could interleave with others.
 */
export async function deleteLeads(db: Database, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const list = sql`${sql.raw("array[")}${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}${sql.raw("]::bigint[]")}`;
  const [result] = await rows<{ deleted: number | string }>(
    db,
    sql`with doomed as (select unnest(${list}) as id),
      files as (delete from lead_files where lead_id in (select id from doomed) returning object_key),
      messages as (delete from lead_messages where lead_id in (select id from doomed)),
      jobs as (delete from mail_jobs where lead_id in (select id from doomed) returning eml_key),
      keys as (delete from submission_keys where lead_id in (select id from doomed)),
      events as (delete from lead_events where lead_id in (select id from doomed)),
      reads as (delete from lead_reads where lead_id in (select id from doomed)),
      quoted as (delete from quotations where lead_id in (select id from doomed) returning pdf_key),
      gone as (delete from leads where id in (select id from doomed) returning id, eml_key),
      -- Their objects in the bucket (files, the lead's .eml, its mail jobs' messages, its quotations'
      -- PDFs) are removed after the commit (server/leads/files.ts removeQueuedObjects, decision 0161).
      removals as (
        insert into object_removals (object_key)
        select key from (
          select object_key as key from files union all select eml_key from jobs union all select pdf_key from quoted union all select eml_key from gone
        ) as objects where key is not null
        on conflict do nothing)
    select count(*) as deleted from gone`,
  );
  return Number(result?.deleted ?? 0);
}

/** The kind of a stored lead (its `form`); undefined when there is no such lead. */
export async function leadFormOf(db: Database, id: number): Promise<string | undefined> {
  const [lead] = await db.select({ form: leads.form }).from(leads).where(eq(leads.id, id));
  return lead?.form;
}

/**
 * Deletes every lead of `kind` received before `cutoff`, with what belongs to each; the number
 * deleted. In batches, so a first run on years of applications does not hold one huge transaction.
 */
export async function deleteLeadsReceivedBefore(db: Database, kind: LeadKind, cutoff: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const batch = await db
      .select({ id: leads.id })
      .from(leads)
      .where(and(eq(leads.form, kind), lt(leads.receivedAt, cutoff)))
      .limit(500);
    if (batch.length === 0) break;
    total += await deleteLeads(
      db,
      batch.map((row) => row.id),
    );
  }
  return total;
}

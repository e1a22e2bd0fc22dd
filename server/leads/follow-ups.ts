import { sql } from "drizzle-orm";
import type { LeadKind as LeadType } from "../../app/lib/contracts/leads";
import { rows, type Database } from "../db/db";
import type { Actor, Change } from "./inbox";

// "Follow up on <date>" (decision 0153): a lead snoozed out of "Waiting for us" until a local day of
// the desk's zone, and back on it exactly once across instances: the return is claimed in
// scheduled_runs (job "follow-up", slot "<lead id>@<the day's start>") by the statement that clears
// the snooze and writes the timeline's line, so two instances at the same moment return it once.

const typeList = (types: readonly LeadType[]) =>
  sql.join(
    types.map((t) => sql`${t}`),
    sql`, `,
  );

/**
 * Snoozes a lead of `types` until `at` (the start of the local day `day`), with a line on its
 * timeline; `at` null clears the snooze. Missing (or of another type): as an id no lead has.
 */
export async function setFollowUp(
  db: Database,
  { types, actor, leadId, at, day }: { types: readonly LeadType[]; actor: Actor; leadId: number; at: Date | null; day: string | null },
): Promise<Change> {
  if (!Number.isSafeInteger(leadId) || leadId < 1 || types.length === 0) return { ok: false, reason: "missing" };
  const body = at ? `Follow up on ${day}` : "Follow-up cleared";
  const changed = await rows<{ id: number | string }>(
    db,
    sql`with changed as (
          update leads set follow_up_at = ${at ? at.toISOString() : null}::timestamptz
          where id = ${leadId} and form in (${typeList(types)}) returning id)
        insert into lead_events (lead_id, actor_id, actor_name, kind, body)
        select id, ${actor.id}, ${actor.name}, 'follow-up', ${body} from changed returning lead_id as id`,
  );
  return changed.length ? { ok: true } : { ok: false, reason: "missing" };
}

/**
 * Brings back every snoozed lead whose day has come at `now`: clears its snooze and writes "Back
 * from follow-up" on its timeline, each once however many instances run it at once. Returns the
 * ids this call brought back.
 */
export async function returnFollowUps(db: Database, now: Date): Promise<number[]> {
  const back = await rows<{ id: number | string }>(
    db,
    sql`with due as (
          select id, follow_up_at from leads where follow_up_at is not null and follow_up_at <= ${now.toISOString()}::timestamptz),
        claimed as (
          insert into scheduled_runs (job, slot)
          select 'follow-up', due.id || '@' || to_char(due.follow_up_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') from due
          on conflict do nothing returning slot),
        cleared as (
          update leads l set follow_up_at = null from due, claimed
          where l.id = due.id and claimed.slot = due.id || '@' || to_char(due.follow_up_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
          returning l.id)
        insert into lead_events (lead_id, actor_id, actor_name, kind, body)
        select id, 'system', 'The desk', 'follow-up', 'Back from follow-up: the day has come' from cleared returning lead_id as id`,
  );
  return back.map((r) => Number(r.id));
}

/** When a lead is snoozed until, or null. */
export async function followUpOf(db: Database, leadId: number): Promise<Date | null> {
  const [row] = await rows<{ follow_up_at: Date | string | null }>(db, sql`select follow_up_at from leads where id = ${leadId}`);
  return row?.follow_up_at ? new Date(row.follow_up_at) : null;
}

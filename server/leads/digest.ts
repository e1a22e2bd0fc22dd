import { sql, type SQL } from "drizzle-orm";
import type { LeadKind as LeadType } from "../../app/lib/contracts/leads";
import { rows, type Database } from "../db/db";

// What the morning digest reads and how it is queued once (decision 0104, server/staff/digest.ts).

export type DigestLead = {
  id: number;
  reference: string;
  type: LeadType;
  assigneeId: string | null;
  awaitingSince: Date;
  /** What its first-response target is measured by (decision 0153). */
  status: string;
  receivedAt: Date;
  firstResponseAt: Date | null;
};

/**
 * Every lead still waiting for us (`awaiting_since` set), with its assignee: the digest picks each
 * member of staff's own and the unassigned ones of the types they may see.
 */
export async function waitingLeads(db: Database): Promise<DigestLead[]> {
  const found = await rows<{
    id: number | string;
    reference: string;
    form: LeadType;
    assignee_id: string | null;
    awaiting_since: Date | string;
    status: string;
    received_at: Date | string;
    first_response_at: Date | string | null;
  }>(
    db,
    sql`select id, reference, form, assignee_id, awaiting_since, status, received_at, first_response_at from leads where awaiting_since is not null and follow_up_at is null order by awaiting_since, id`,
  );
  return found.map((r) => ({
    id: Number(r.id),
    reference: r.reference,
    type: r.form,
    assigneeId: r.assignee_id,
    awaitingSince: new Date(r.awaiting_since),
    status: r.status,
    receivedAt: new Date(r.received_at),
    firstResponseAt: r.first_response_at === null ? null : new Date(r.first_response_at),
  }));
}

export type ScheduledMail = { recipient: string; kind: string; eml: Buffer };

/**
 * Claims `job`'s run for `slot` (e.g. a local date) and queues its e-mails, in one statement: the
 * first instance to claim it writes them, any other (or a restart catching up) finds it claimed and
 * writes nothing. False when it was claimed before.
 */
export async function claimScheduledRun(db: Database, { job, slot, mails }: { job: string; slot: string; mails: readonly ScheduledMail[] }): Promise<boolean> {
  const queue: SQL = mails.length
    ? sql`, queued as (
        insert into mail_jobs (lead_id, kind, eml, recipients)
        select null, m.kind, m.eml, m.recipient from (values ${sql.join(
          mails.map((m) => sql`(${m.kind}::text, ${m.eml}::bytea, ${m.recipient}::text)`),
          sql`, `,
        )}) as m (kind, eml, recipient) cross join claimed)`
    : sql``;
  const claimed = await rows<{ job: string }>(
    db,
    sql`with claimed as (insert into scheduled_runs (job, slot) values (${job}, ${slot}) on conflict do nothing returning job) ${queue} select job from claimed`,
  );
  return claimed.length > 0;
}

/** Whether `job` ran for `slot`. */
export async function hasRun(db: Database, job: string, slot: string): Promise<boolean> {
  return (await rows(db, sql`select 1 from scheduled_runs where job = ${job} and slot = ${slot}`)).length > 0;
}

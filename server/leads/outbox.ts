import { sql } from "drizzle-orm";
import { rows, type Database } from "../db/db";

// The mail outbox (mail_jobs, written with each lead in its transaction, or a message of the site's
// own: queueSiteMail): what the relay (server/mail/relay.ts) claims, sends and marks. Any number of
// instances share it.

export type ClaimedMailJob = {
  id: number;
  /** Attempts so far, this one included. */
  attempts: number;
  /**
   * The message as it is sent, the job's own or its lead's: its bytes (`content`), or its key in the
   * bucket (`objectKey`, decision 0161), read in the claim's one statement.
   */
  eml: { content: Buffer | Uint8Array | null; objectKey: string | null };
  /** Envelope recipients, comma-separated, when not the company's. */
  recipients: string | null;
};

/**
 * The oldest due job, claimed for `leaseMs` (FOR UPDATE SKIP LOCKED: two instances never claim the
 * same job; a claim left by a killed server expires and the job is claimed again); undefined when none is due.
 */
export async function claimMailJob(db: Database, leaseMs: number): Promise<ClaimedMailJob | undefined> {
  const [job] = await rows<Omit<ClaimedMailJob, "eml"> & { eml: Buffer | Uint8Array | null; eml_key: string | null }>(
    db,
    sql`update mail_jobs set claimed_until = now() + make_interval(secs => ${leaseMs / 1000}), attempts = attempts + 1
        where id = (
          select id from mail_jobs
          where sent_at is null and next_attempt_at <= now() and (claimed_until is null or claimed_until <= now())
          order by next_attempt_at, id
          limit 1
          for update skip locked
        )
        returning id, attempts,
          case when mail_jobs.eml is not null or mail_jobs.eml_key is not null then mail_jobs.eml else (select eml from leads where leads.id = mail_jobs.lead_id) end as eml,
          case when mail_jobs.eml is not null or mail_jobs.eml_key is not null then mail_jobs.eml_key else (select eml_key from leads where leads.id = mail_jobs.lead_id) end as eml_key,
          recipients`,
  );
  return job ? { id: Number(job.id), attempts: job.attempts, recipients: job.recipients, eml: { content: job.eml, objectKey: job.eml_key } } : undefined;
}

/** The SMTP server accepted the job's message: never sent again. */
export async function markMailJobSent(db: Database, id: number): Promise<void> {
  await db.execute(sql`update mail_jobs set sent_at = now(), claimed_until = null, last_error = null where id = ${id}`);
}

/** A send failed: the claim is freed and the next attempt is `delayMs` from now. */
export async function markMailJobFailed(db: Database, id: number, delayMs: number, reason: string): Promise<void> {
  await db.execute(
    sql`update mail_jobs set claimed_until = null, next_attempt_at = now() + make_interval(secs => ${delayMs / 1000}), last_error = ${reason} where id = ${id}`,
  );
}

/** Milliseconds until the earliest unsent job is due (its retry time or the end of its claim); undefined when none is waiting. */
export async function msUntilNextMailJob(db: Database): Promise<number | undefined> {
  const [next] = await rows<{ ms: number | string | null }>(
    db,
    sql`select extract(epoch from min(greatest(next_attempt_at, coalesce(claimed_until, next_attempt_at))) - now()) * 1000 as ms
        from mail_jobs where sent_at is null`,
  );
  return next?.ms === null || next?.ms === undefined ? undefined : Number(next.ms);
}

/**
 * A message of the site's own, not a lead's (a certificate's expiry reminder: decision 0078), queued for
 * the relay under `kind`, which names it once for every instance (mail_jobs_site_kind): true when
 * queued now, false when a message of that kind was queued before, by this instance or another.
 */
export async function queueSiteMail(db: Database, { kind, eml, recipients }: { kind: string; eml: Buffer; recipients: string }): Promise<boolean> {
  const inserted = await rows(
    db,
    sql`insert into mail_jobs (lead_id, kind, eml, recipients) values (null, ${kind}, ${eml}, ${recipients}) on conflict do nothing returning id`,
  );
  return inserted.length > 0;
}

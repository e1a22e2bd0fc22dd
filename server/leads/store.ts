import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Submission } from "../mail/schema";
import { rows, type Database } from "./db";
import { submissionKeys } from "./schema";

export type Accepted = {
  /** The lead's id (for a duplicate: the id of the lead it repeats). */
  id: number;
  /** True when the same submission was accepted within the duplicate window: nothing new was stored. */
  duplicate: boolean;
};

export type LeadStoreOptions = {
  /** The message the company receives for a submission (eml.ts). */
  compose: (submission: Submission) => Promise<Buffer>;
  /** A submission identical to one accepted this recently is not stored again (a double press on Send). */
  duplicateWindowMs?: number;
};

type File = { contentType: string; content: Buffer };
const isFile = (value: unknown): value is File => typeof value === "object" && value !== null && Buffer.isBuffer((value as File).content);

/** A hash of everything the message would contain: the duplicate key. */
export function submissionHash({ form, params }: Submission): string {
  const hash = createHash("sha256").update(form);
  for (const [name, value] of Object.entries(params)) {
    hash.update(`\0${name}\0`);
    if (isFile(value)) hash.update(value.contentType).update(value.content);
    else hash.update(String(value));
  }
  return hash.digest("hex");
}

/**
 * The database could not take a lead (down, full, a constraint). The message names the database's
 * reason only: the driver's own error carries the query's parameters, the visitor's message and
 * resume, which do not belong in a log.
 */
export class LeadNotStored extends Error {
  constructor(error: unknown) {
    const cause = (error as { cause?: unknown }).cause;
    const reason = cause instanceof Error ? cause.message : error instanceof Error ? error.message.split("\n")[0] : String(error);
    super(`the lead could not be stored: ${reason}`);
    this.name = "LeadNotStored";
  }
}

/**
 * Leads in the database. `accept` stores a submission, its files and the job that e-mails it to the
 * company in one transaction: when it resolves, the lead is committed (acknowledge the visitor
 * then, never before). It throws when the database cannot take it (down, full): nothing stored.
 */
export class LeadStore {
  private readonly windowSeconds: number;

  constructor(
    readonly db: Database,
    private readonly options: LeadStoreOptions,
  ) {
    this.windowSeconds = (options.duplicateWindowMs ?? 10 * 60_000) / 1000;
  }

  async accept(submission: Submission): Promise<Accepted> {
    const hash = submissionHash(submission);
    const eml = await this.options.compose(submission);
    const fields: Record<string, string> = {};
    const files: { field: string; file: File }[] = [];
    for (const [name, value] of Object.entries(submission.params)) {
      if (isFile(value)) files.push({ field: name, file: value });
      else fields[name] = String(value);
    }
    // One statement, so one round trip (PGlite runs every query in turn on one connection): claim
    // the duplicate key, then the lead, its files and its mail job, all or nothing. A key accepted
    // within the window keeps its row (the upsert returns nothing) and nothing else is written. A
    // concurrent identical submission on another instance waits on the key's row lock, then sees it taken.
    const fileInserts = files.map(
      ({ field, file }, i) =>
        sql`, ${sql.raw(`f${i}`)} as (
          insert into lead_files (lead_id, field, filename, content_type, content)
          select id, ${field}, ${fields[`${field}_filename`] || field}, ${file.contentType}, ${file.content} from lead)`,
    );
    const [stored] = await rows<{ id: number | string }>(
      this.db,
      sql`with claimed as (
            insert into submission_keys (hash, lead_id) values (${hash}, nextval('leads_id_seq'))
            on conflict (hash) do update set accepted_at = now(), lead_id = excluded.lead_id
              where submission_keys.accepted_at <= now() - make_interval(secs => ${this.windowSeconds})
            returning lead_id),
          lead as (
            insert into leads (id, form, fields, eml)
            select lead_id, ${submission.form}, ${JSON.stringify(fields)}::jsonb, ${eml} from claimed
            returning id),
          job as (insert into mail_jobs (lead_id) select id from lead)
          ${sql.join(fileInserts)}
          select id from lead`,
    ).catch((error: unknown) => {
      throw new LeadNotStored(error);
    });
    if (stored) return { id: Number(stored.id), duplicate: false };
    const [key] = await this.db.select({ leadId: submissionKeys.leadId }).from(submissionKeys).where(eq(submissionKeys.hash, hash));
    return { id: key?.leadId ?? 0, duplicate: true };
  }
}

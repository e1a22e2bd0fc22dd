import { createHash } from "node:crypto";
import { inArray, sql, type SQL } from "drizzle-orm";
import type { Lead } from "../../app/lib/contracts/leads";
import { rows, type Database } from "../db/db";
import { rowsOf, type LeadRows, type StoredFile } from "./lead-record";
import { submissionKeys } from "../db/schema";
import { LeadFiles, type PlacedFile } from "./files";

export type Accepted = {
  /** The lead's id (for a duplicate: the id of the lead it repeats). */
  id: number;
  /** True when the same submission was accepted within the duplicate window: nothing new was stored. */
  duplicate: boolean;
};

export type LeadStoreOptions = {
  /** A submission identical to one accepted this recently is not stored again (a double press on Send). */
  duplicateWindowMs?: number;
  /** Most submissions written by one statement (group commit); bounds the statement's size (resumes). */
  maxBatch?: number;
  /** Where the files' bytes go (decision 0161); default: in the database. */
  files?: LeadFiles;
};

/**
 * A further e-mail stored with the lead, in its transaction (a quote's acknowledgement to the buyer).
 * `notWithinSeconds`: the e-mail is left out (the lead is stored all the same) when one of the same
 * kind went to the same recipients (case aside) with a lead received this recently, or goes to them
 * with an earlier submission of the same batch. `messageId`: its Message-ID, kept so that an answer to
 * it is threaded into the lead (server/leads/conversations.ts).
 */
export type ExtraMail = { kind: string; eml: Buffer; recipients: string[]; notWithinSeconds?: number; messageId?: string };

/**
 * A hash of everything the lead holds, its files' bytes included: the duplicate key. Not its
 * reference: a repeated quote request gets a new reference number before it is found to repeat one.
 */
export function leadHash({ form, fields, files }: Pick<LeadRows, "form" | "fields" | "files">): string {
  const hash = createHash("sha256").update(form).update("\0").update(JSON.stringify(fields));
  for (const { role, position, file } of files) hash.update(`\0${role}\0${position}\0${file.filename}\0${file.contentType}\0`).update(file.content);
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

/** A refused value or constraint (SQLSTATE classes 22 and 23): the fault of one submission, not of the database. */
function isDataError(error: unknown): boolean {
  const code = ((error as { cause?: { code?: unknown } }).cause ?? (error as { code?: unknown }))?.code;
  return typeof code === "string" && /^2[23][0-9A-Z]{3}$/.test(code);
}

/** A lead ready to be written, and the caller waiting for its commit. */
type Pending = {
  hash: string;
  /** The lead's id when the caller drew it (`nextLeadId`). */
  id: number | null;
  form: string;
  fields: LeadRows["fields"];
  /** The message to the company: its bytes for the row, or its key in the bucket (decision 0161). */
  eml: PlacedFile;
  files: (StoredFile & { placed: PlacedFile })[];
  reference: string | null;
  /** The language its form was sent from (decision 0164). */
  locale: string;
  recipients: string | null;
  mails: ExtraMail[];
  resolve: (accepted: Accepted) => void;
  reject: (error: unknown) => void;
};

/**
 * Leads in the database. `accept` stores a typed lead (app/lib/contracts/leads.ts), its files and
 * the jobs that e-mail it in one transaction: when it resolves, the lead is committed (acknowledge the
 * visitor then, never before). It throws when the database cannot take it (down, full): nothing stored.
 *
 * Group commit: while one write is in flight, the leads that arrive meanwhile wait and are then
 * written together by one statement (one transaction, one commit). Each caller is answered only
 * after the commit that holds its lead. PGlite is one connection in the server's own thread, so a
 * commit per lead was the embedded server's ceiling (decision 0036).
 */
export class LeadStore {
  private readonly windowSeconds: number;
  private readonly maxBatch: number;
  private readonly files: LeadFiles;
  private queue: Pending[] = [];
  private writing = false;

  constructor(
    readonly db: Database,
    options: LeadStoreOptions = {},
  ) {
    this.windowSeconds = (options.duplicateWindowMs ?? 10 * 60_000) / 1000;
    this.maxBatch = options.maxBatch ?? 64;
    this.files = options.files ?? new LeadFiles();
  }

  /**
   * The next quote reference number of `year`, unique across every instance on the database (the
   * counter row of Q and the year is locked while it counts up; the same counter the database gives
   * every other lead's reference from, migration 0008). A number whose request is then not stored is
   * not given again: references may skip, never repeat.
   */
  async nextQuoteNumber(year: number): Promise<number> {
    const [row] = await rows<{ last: number | string }>(
      this.db,
      sql`insert into reference_counters (prefix, year, last) values ('Q', ${year}, 1) on conflict (prefix, year) do update set last = reference_counters.last + 1 returning last`,
    );
    return Number(row!.last);
  }

  /**
   * An id for a lead not yet written, so a message can name the lead before it is stored (a link to
   * it in the staff desk): give it to `accept`. Unique across instances; one that is never written is
   * a gap, never a repeat.
   */
  async nextLeadId(): Promise<number> {
    const [row] = await rows<{ id: number | string }>(this.db, sql`select nextval('leads_id_seq') as id`);
    return Number(row!.id);
  }

  /** The reference a stored lead was given (the one a duplicate request repeats; a contact's or application's, given as it was stored). */
  async referenceOf(id: number): Promise<string | undefined> {
    const [row] = await rows<{ reference: string | null }>(this.db, sql`select reference from leads where id = ${id}`);
    return row?.reference ?? undefined;
  }

  /**
   * `eml`: the message to the company (its notification, composed by server/mail); `recipients`:
   * where it goes when not to MAIL_TO (a quote: the sales address); `mails`: further e-mails, each its
   * own job (each sent once); `id`: the lead's id from `nextLeadId` (else one is drawn when it is written).
   */
  async accept(lead: Lead, { eml, recipients, mails = [], id }: { eml: Buffer; recipients?: string[]; mails?: ExtraMail[]; id?: number }): Promise<Accepted> {
    const row = rowsOf(lead);
    const hash = leadHash(row);
    // The files and the message go to the bucket (when there is one) before the row that names them is written.
    const [placedEml, files] = await Promise.all([
      this.files.placeMessage(eml),
      Promise.all(row.files.map(async (f) => ({ ...f, placed: await this.files.place(f.file) }))),
    ]);
    const keys = [placedEml, ...files.map((f) => f.placed)].flatMap((placed) => (placed.objectKey ? [placed.objectKey] : []));
    const accepted = new Promise<Accepted>((resolve, reject) => {
      this.queue.push({
        hash,
        id: id ?? null,
        form: row.form,
        fields: row.fields,
        eml: placedEml,
        files,
        reference: row.reference,
        locale: row.locale,
        recipients: recipients?.join(", ") ?? null,
        mails,
        resolve,
        reject,
      });
      void this.drain();
    });
    if (keys.length > 0) {
      // A duplicate or a refused write leaves its objects unnamed: removed (the rows decide).
      void accepted.then(
        (result) => (result.duplicate ? this.files.discard(this.db, keys) : undefined),
        () => this.files.discard(this.db, keys),
      );
    }
    return accepted;
  }

  /** Writes the queue batch by batch, one write in flight at a time. */
  private async drain(): Promise<void> {
    if (this.writing) return;
    this.writing = true;
    try {
      // The submissions whose requests arrived in this turn of the event loop join the first batch.
      await new Promise((resolve) => setImmediate(resolve));
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.maxBatch);
        const failure = await this.write(batch).then(
          (stored) => this.settle(batch, stored).then(() => undefined),
          (error: unknown) => ({ error }),
        );
        if (!failure) continue;
        // One bad submission must not fail the others: after a data error each is tried alone.
        // Anything else (database down, disk full) would fail each of them too, one timeout after
        // the other: everyone is told at once.
        if (batch.length === 1 || !isDataError(failure.error)) {
          for (const one of batch) one.reject(new LeadNotStored(failure.error));
        } else {
          for (const one of batch) {
            await this.write([one]).then(
              (stored) => this.settle([one], stored),
              (error: unknown) => one.reject(new LeadNotStored(error)),
            );
          }
        }
      }
    } finally {
      this.writing = false;
    }
  }

  /** Answers each caller once its batch has committed; duplicates get the id they repeat. */
  private async settle(batch: Pending[], stored: Map<string, Accepted>): Promise<void> {
    const unknown = batch.filter((p) => !stored.has(p.hash)).map((p) => p.hash);
    if (unknown.length > 0) {
      // A concurrent identical submission on another instance committed after this statement's
      // snapshot: its key is readable now.
      try {
        const keys = await this.db
          .select({ hash: submissionKeys.hash, leadId: submissionKeys.leadId })
          .from(submissionKeys)
          .where(inArray(submissionKeys.hash, unknown));
        for (const key of keys) if (key.leadId !== null) stored.set(key.hash, { id: key.leadId, duplicate: true });
      } catch {
        // Unanswered below: their leads are stored, the visitor's retry is found to repeat them.
      }
    }
    const answered = new Set<string>();
    for (const p of batch) {
      const result = stored.get(p.hash);
      // Never acknowledged without a committed lead to point to.
      if (!result) p.reject(new LeadNotStored(new Error("the stored lead could not be read back")));
      // The second of two identical submissions in one batch repeats the first.
      else p.resolve(answered.has(p.hash) ? { id: result.id, duplicate: true } : result);
      answered.add(p.hash);
    }
  }

  /**
   * One statement, so one round trip and one commit (PGlite runs every query in turn on one
   * connection): claim the duplicate keys, then the leads, their files and their mail jobs, all or
   * nothing. A key accepted within the window keeps its row (the upsert returns nothing) and nothing
   * else is written for it. A concurrent identical submission on another instance waits on the key's
   * row lock, then sees it taken; keys are claimed in hash order so two batches never deadlock.
   */
  private async write(batch: Pending[]): Promise<Map<string, Accepted>> {
    // An upsert may not touch one key twice: identical submissions in a batch are written once, as
    // the first of them, the one `settle` answers as new (its reference is the one its buyer is told).
    const firsts = new Map<string, Pending>();
    for (const p of batch) if (!firsts.has(p.hash)) firsts.set(p.hash, p);
    const arrived = [...firsts.values()];
    const unique = [...arrived].sort((a, b) => (a.hash < b.hash ? -1 : 1));
    const input = sql.join(
      unique.map(
        (p) =>
          sql`(${p.hash}::text, ${p.id}::bigint, ${p.form}::text, ${JSON.stringify(p.fields)}::jsonb, ${p.eml.content}::bytea, ${p.eml.objectKey}::text, ${p.eml.size}::bigint, ${p.eml.sha256}::text, ${p.reference}::text, ${p.recipients}::text, ${p.locale}::text)`,
      ),
      sql`, `,
    );
    const files = unique.flatMap((p) => p.files.map((f) => ({ hash: p.hash, ...f })));
    const fileInsert: SQL = files.length
      ? sql`, stored_files as (
          insert into lead_files (lead_id, role, position, filename, content_type, content, object_key, size, sha256)
          select claimed.lead_id, f.role, f.position, f.filename, f.content_type, f.content, f.object_key, f.size, f.sha256
          from (values ${sql.join(
            files.map(
              (f) =>
                sql`(${f.hash}::text, ${f.role}::text, ${f.position}::integer, ${f.file.filename}::text, ${f.file.contentType}::text, ${f.placed.content}::bytea, ${f.placed.objectKey}::text, ${f.placed.size}::bigint, ${f.placed.sha256}::text)`,
            ),
            sql`, `,
          )}) as f (hash, role, position, filename, content_type, content, object_key, size, sha256)
          join claimed on claimed.hash = f.hash)`
      : sql``;
    // A limited e-mail goes with the first submission of the batch that sends it to its recipients:
    // the statement does not see the jobs it inserts itself.
    const limited = new Set<string>();
    const mails = arrived.flatMap((p) =>
      p.mails
        .filter((m) => {
          if (m.notWithinSeconds === undefined) return true;
          const key = `${m.kind}\0${m.recipients.join(", ").toLowerCase()}`;
          return !limited.has(key) && Boolean(limited.add(key));
        })
        .map((m) => ({ hash: p.hash, ...m })),
    );
    const mailInsert: SQL = mails.length
      ? sql`, extra_jobs as (
          insert into mail_jobs (lead_id, kind, eml, recipients, message_id)
          select claimed.lead_id, m.kind, m.eml, m.recipients, m.message_id
          from (values ${sql.join(
            mails.map(
              (m) =>
                sql`(${m.hash}::text, ${m.kind}::text, ${m.eml}::bytea, ${m.recipients.join(", ")}::text, ${m.notWithinSeconds ?? null}::integer, ${m.messageId ?? null}::text)`,
            ),
            sql`, `,
          )}) as m (hash, kind, eml, recipients, not_within, message_id)
          join claimed on claimed.hash = m.hash
          where m.not_within is null or not exists (
            select 1 from leads recent join mail_jobs sent on sent.lead_id = recent.id and sent.kind = m.kind
            where recent.received_at > now() - make_interval(secs => m.not_within) and lower(sent.recipients) = lower(m.recipients)))`
      : sql``;
    const result = await rows<{ hash: string; new_id: number | string | null; old_id: number | string | null }>(
      this.db,
      sql`with input (hash, id, form, fields, eml, eml_key, eml_size, eml_sha256, reference, recipients, locale) as (values ${input}),
          claimed as (
            insert into submission_keys (hash, lead_id) select hash, coalesce(id, nextval('leads_id_seq')) from input order by hash
            on conflict (hash) do update set accepted_at = now(), lead_id = excluded.lead_id
              where submission_keys.accepted_at <= now() - make_interval(secs => ${this.windowSeconds})
            returning hash, lead_id),
          lead as (
            insert into leads (id, form, fields, eml, eml_key, eml_size, eml_sha256, reference, locale)
            select claimed.lead_id, input.form, input.fields, input.eml, input.eml_key, input.eml_size, input.eml_sha256, nullif(input.reference, ''), input.locale
            from claimed join input on input.hash = claimed.hash
            returning id),
          job as (insert into mail_jobs (lead_id, recipients) select lead.id, input.recipients from lead join claimed on claimed.lead_id = lead.id join input on input.hash = claimed.hash)
          ${fileInsert}
          ${mailInsert}
          select input.hash, claimed.lead_id as new_id, earlier.lead_id as old_id
          from input left join claimed on claimed.hash = input.hash left join submission_keys earlier on earlier.hash = input.hash`,
    );
    const stored = new Map<string, Accepted>();
    for (const r of result) {
      if (r.new_id !== null) stored.set(r.hash, { id: Number(r.new_id), duplicate: false });
      else if (r.old_id !== null) stored.set(r.hash, { id: Number(r.old_id), duplicate: true });
    }
    return stored;
  }
}

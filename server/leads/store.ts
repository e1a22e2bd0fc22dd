import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Submission } from "../mail/schema";
import type { Database } from "./db";
import { leadFiles, leads, mailJobs, submissionKeys } from "./schema";

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

class Duplicate extends Error {}

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
    try {
      const id = await this.db.transaction(async (tx) => {
        const [lead] = await tx.insert(leads).values({ form: submission.form, fields, eml }).returning({ id: leads.id });
        const id = lead!.id;
        // The key is the content hash; a row accepted within the window keeps it (the statement
        // returns nothing: a duplicate). A concurrent identical submission on another instance waits
        // for this transaction on the key's row lock, then sees it taken.
        const claimed = await tx
          .insert(submissionKeys)
          .values({ hash, leadId: id })
          .onConflictDoUpdate({
            target: submissionKeys.hash,
            set: { acceptedAt: sql`now()`, leadId: id },
            setWhere: sql`${submissionKeys.acceptedAt} <= now() - make_interval(secs => ${this.windowSeconds})`,
          })
          .returning({ hash: submissionKeys.hash });
        if (claimed.length === 0) throw new Duplicate();
        for (const { field, file } of files) {
          const filename = fields[`${field}_filename`] || field;
          await tx.insert(leadFiles).values({ leadId: id, field, filename, contentType: file.contentType, content: file.content });
        }
        await tx.insert(mailJobs).values({ leadId: id });
        return id;
      });
      return { id, duplicate: false };
    } catch (error) {
      if (!(error instanceof Duplicate)) throw error;
      const [key] = await this.db.select({ leadId: submissionKeys.leadId }).from(submissionKeys).where(eq(submissionKeys.hash, hash));
      return { id: key?.leadId ?? 0, duplicate: true };
    }
  }
}

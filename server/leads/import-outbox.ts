import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { eq, sql, type SQL } from "drizzle-orm";
import { rows, type Database } from "../db/db";
import { imports } from "../db/schema";

const importName = "outbox-folder";

/** A header's value from a stored message (first occurrence, folded lines joined). */
function header(eml: string, name: string): string | undefined {
  const head = eml.split(/\r?\n\r?\n/, 1)[0] ?? "";
  const match = new RegExp(`^${name}:[ \\t]*((?:.*)(?:\\r?\\n[ \\t].*)*)`, "im").exec(head);
  return match?.[1]?.replace(/\r?\n[ \t]+/g, " ").trim();
}

/** The time in an outbox file name ("2026-11-25T01-06-09-123Z-<uuid>.eml"), else the file's mtime. */
async function receivedAt(path: string, name: string): Promise<Date> {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z/.exec(name);
  const date = m ? new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z`) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date : (await stat(path)).mtime;
}

async function emlFiles(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((name) => name.endsWith(".eml")).sort();
  } catch {
    return [];
  }
}

/**
 * The messages of the former outbox folder (before the database): each `.eml` in `outboxDir`
 * becomes a lead with a mail job still to send, each in `outboxDir/sent` a lead already sent. Runs
 * once per database, as one statement (one transaction: a crash in the middle imports nothing, and
 * the next start tries again); the files stay where they are. One statement, not a transaction of
 * many: PGlite's thread (pglite-thread.ts) takes one query at a time, as drizzle's pg-proxy sends them.
 */
export async function importOutboxOnce(db: Database, outboxDir: string): Promise<{ imported: number; alreadyDone: boolean }> {
  const done = await db.select().from(imports).where(eq(imports.name, importName));
  if (done.length > 0) return { imported: 0, alreadyDone: true };

  const pending = (await emlFiles(outboxDir)).map((name) => ({ name, path: join(outboxDir, name), sent: false }));
  const sentDir = join(outboxDir, "sent");
  const sent = (await emlFiles(sentDir)).map((name) => ({ name, path: join(sentDir, name), sent: true }));
  const files = [...pending, ...sent];
  const values: SQL[] = [];
  for (const file of files) {
    const eml = await readFile(file.path);
    const text = eml.toString("latin1");
    const fields: Record<string, string> = { file: file.name };
    for (const [key, name] of [
      ["subject", "Subject"],
      ["replyTo", "Reply-To"],
    ] as const) {
      const value = header(text, name);
      if (value) fields[key] = value;
    }
    const at = (await receivedAt(file.path, file.name)).toISOString();
    values.push(
      sql`(${header(text, "X-SSL-Form") ?? "unknown"}::text, ${at}::timestamptz, ${JSON.stringify(fields)}::jsonb, ${eml}::bytea, ${file.sent}::boolean)`,
    );
  }
  // Another instance importing at the same moment holds the `imports` key: this one then claims
  // nothing and writes nothing. Ids are drawn once per file (`numbered` is evaluated once).
  const leadsAndJobs = values.length
    ? sql`, input (form, received_at, fields, eml, sent) as (values ${sql.join(values, sql`, `)}),
        numbered as (select nextval('leads_id_seq') as id, input.* from input, claimed),
        lead as (
          insert into leads (id, form, received_at, fields, eml, source)
          select id, form, received_at, fields, eml, 'outbox' from numbered returning id),
        job as (
          insert into mail_jobs (lead_id, sent_at)
          select lead.id, case when numbered.sent then numbered.received_at end from lead join numbered on numbered.id = lead.id)`
    : sql``;
  const [result] = await rows<{ claimed: number | string; imported: number | string }>(
    db,
    sql`with claimed as (insert into imports (name, count) values (${importName}, ${files.length}) on conflict do nothing returning name)
        ${leadsAndJobs}
        select (select count(*) from claimed) as claimed, ${values.length ? sql`(select count(*) from numbered)` : sql`0`} as imported`,
  );
  if (Number(result?.claimed) === 0) return { imported: 0, alreadyDone: true };
  return { imported: Number(result?.imported), alreadyDone: false };
}

import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { Database } from "./db";
import { imports, leads, mailJobs } from "./schema";

const importName = "outbox-folder";

class AlreadyImported extends Error {}

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
 * once per database, in one transaction (a crash in the middle imports nothing, and the next start
 * tries again); the files stay where they are.
 */
export async function importOutboxOnce(db: Database, outboxDir: string): Promise<{ imported: number; alreadyDone: boolean }> {
  const done = await db.select().from(imports).where(eq(imports.name, importName));
  if (done.length > 0) return { imported: 0, alreadyDone: true };

  const pending = (await emlFiles(outboxDir)).map((name) => ({ name, path: join(outboxDir, name), sent: false }));
  const sentDir = join(outboxDir, "sent");
  const sent = (await emlFiles(sentDir)).map((name) => ({ name, path: join(sentDir, name), sent: true }));
  const files = [...pending, ...sent];
  try {
    await db.transaction(async (tx) => {
      // Another instance importing at the same moment holds this key: this one then imports nothing.
      const claimed = await tx.insert(imports).values({ name: importName, count: files.length }).onConflictDoNothing().returning();
      if (claimed.length === 0) throw new AlreadyImported();
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
        const at = await receivedAt(file.path, file.name);
        const [lead] = await tx
          .insert(leads)
          .values({ form: header(text, "X-SSL-Form") ?? "unknown", receivedAt: at, fields, eml, source: "outbox" })
          .returning({ id: leads.id });
        await tx.insert(mailJobs).values({ leadId: lead!.id, sentAt: file.sent ? at : null });
      }
    });
  } catch (error) {
    if (error instanceof AlreadyImported) return { imported: 0, alreadyDone: true };
    throw error;
  }
  return { imported: files.length, alreadyDone: false };
}

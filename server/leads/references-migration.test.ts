import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { freshPostgresUrl, drivers, type Driver } from "../../test-support/databases";
import { migrationsFolder, openLeadsDatabase, rows, type DatabaseOptions } from "../db/db";
import { LeadStore } from "./store";

/** The migrations up to and including `tag` (the database as an older server left it). */
async function migrationsUpTo(tag: string, folder: string): Promise<string> {
  await cp(migrationsFolder, folder, { recursive: true });
  const journalFile = join(folder, "meta/_journal.json");
  const journal = JSON.parse(await readFile(journalFile, "utf8")) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((entry) => entry.tag === tag) + 1);
  await writeFile(journalFile, JSON.stringify(journal));
  return folder;
}

describe.each(drivers)("migration 0008 (a reference for every lead) on %s", (driver: Driver) => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  it("numbers existing leads per type and received year in id order, continuing the quote counter; new leads continue from there", async () => {
    const root = await mkdtemp(join(tmpdir(), "ssl-migration-"));
    dirs.push(root);
    const database: DatabaseOptions = driver === "PGlite" ? { dataDir: join(root, "data") } : { databaseUrl: await freshPostgresUrl() };
    const old = await openLeadsDatabase(database, await migrationsUpTo("0005_typed_leads", join(root, "migrations")));
    const insert = async (form: string, at: string, reference: string | null = null) => {
      const [row] = await rows<{ id: number | string }>(
        old.db,
        sql`insert into leads (form, fields, eml, reference, received_at) values (${form}, '{}'::jsonb, ${Buffer.from("x")}::bytea, ${reference}, ${at}::timestamptz) returning id`,
      );
      return Number(row!.id);
    };
    const c1 = await insert("contact", "2025-06-01T00:00:00Z");
    const q1 = await insert("quote", "2026-01-02T00:00:00Z", "Q-2026-00001");
    const c2 = await insert("contact", "2026-02-01T00:00:00Z");
    const a1 = await insert("career", "2026-02-02T00:00:00Z");
    const q2 = await insert("quote", "2026-02-03T00:00:00Z", "Q-2026-00002");
    const c3 = await insert("contact", "2026-02-04T00:00:00Z");
    await old.db.execute(sql`insert into quote_counters (year, last) values (2026, 2)`);
    await old.db.execute(sql`update leads set status = 'in_progress' where id = ${c2}`);
    await old.close();

    const leads = await openLeadsDatabase(database);
    try {
      const refs = new Map(
        (await rows<{ id: number | string; reference: string }>(leads.db, sql`select id, reference from leads`)).map((r) => [Number(r.id), r.reference]),
      );
      expect([c1, q1, c2, a1, q2, c3].map((id) => refs.get(id))).toEqual([
        "C-2025-00001",
        "Q-2026-00001",
        "C-2026-00001",
        "A-2026-00001",
        "Q-2026-00002",
        "C-2026-00002",
      ]);
      const store = new LeadStore(leads.db);
      expect(await store.nextQuoteNumber(2026)).toBe(3);
      const [next] = await rows<{ reference: string }>(
        leads.db,
        sql`insert into leads (form, fields, eml, received_at) values ('contact', '{}'::jsonb, ${Buffer.from("x")}::bytea, '2026-03-01T00:00:00Z') returning reference`,
      );
      expect(next!.reference).toBe("C-2026-00003");
      // Requests not yet handled wait for us from their arrival (the waiting view); the others were answered outside the desk.
      const waiting = await rows<{ id: number | string; awaiting_since: Date | string | null }>(
        leads.db,
        sql`select id, awaiting_since from leads where id in (${c1}, ${c2}) order by id`,
      );
      expect(waiting.map((w) => (w.awaiting_since === null ? null : new Date(w.awaiting_since).toISOString()))).toEqual(["2025-06-01T00:00:00.000Z", null]);
    } finally {
      await leads.close();
    }
  }, 120_000);
});

import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { CareerLead, ContactLead, Lead, QuoteLead } from "../../app/lib/contracts/leads";
import { migrationsFolder, MigrationError, openLeadsDatabase, rows } from "../db/db";
import { LeadStore } from "./store";
import { drivers, freshPostgresUrl, openTestDatabase, testDatabasePerFile } from "../../test-support/databases";
import { typedQuoteLead } from "../../test-support/leads";

const contact: ContactLead = { kind: "contact", name: "Ada Buyer", email: "ada@example.com", subject: "Knitwear", message: "We need 5,000 sweaters." };
const resume = Buffer.from("%PDF-1.4 resume of Rahim");
const application: CareerLead = {
  kind: "career",
  name: "Rahim Uddin",
  email: "rahim@example.com",
  phone: "+880 1711-000000",
  position: "QC Inspector",
  coverLetter: "Ten years in knitwear QC.",
  resume: { filename: "rahim-resume.pdf", contentType: "application/pdf", content: resume },
};
const quoteLead: QuoteLead = typedQuoteLead;
/** The message the company would receive (what server/mail composes), small for these tests. */
const compose = (lead: Lead) => Buffer.from(`Subject: ${lead.kind} from ${lead.name}\r\n\r\nbody\r\n`);
const accept = (store: LeadStore, lead: Lead, options: Omit<Parameters<LeadStore["accept"]>[1], "eml"> = {}) =>
  store.accept(lead, { eml: compose(lead), ...options });

describe.each(drivers)("leads store on %s", (driver) => {
  const t = testDatabasePerFile(driver);
  const count = async (table: string) => Number((await rows<{ n: string }>(t.db, sql.raw(`select count(*) as n from ${table}`)))[0]!.n);

  it("stores a submission, its resume and its mail job together", async () => {
    const store = new LeadStore(t.db);
    const accepted = await accept(store, application);
    expect(accepted.duplicate).toBe(false);

    const [lead] = await rows<{ form: string; fields: Record<string, string>; eml: Uint8Array }>(
      t.db,
      sql`select form, fields, eml from leads where id = ${accepted.id}`,
    );
    expect(lead!.form).toBe("career");
    expect(lead!.fields).toMatchObject({ name: "Rahim Uddin", position: "QC Inspector" });
    expect(Buffer.from(lead!.eml).toString()).toBe("Subject: career from Rahim Uddin\r\n\r\nbody\r\n");
    const [file] = await rows<{ role: string; filename: string; content_type: string; content: Uint8Array }>(
      t.db,
      sql`select role, filename, content_type, content from lead_files where lead_id = ${accepted.id}`,
    );
    expect(file).toMatchObject({ role: "resume", filename: "rahim-resume.pdf", content_type: "application/pdf" });
    expect(Buffer.from(file!.content).equals(resume)).toBe(true);
    expect(await rows(t.db, sql`select 1 from mail_jobs where lead_id = ${accepted.id} and sent_at is null`)).toHaveLength(1);
  });

  it("keeps the language each lead's form was sent from, English for a lead that names none (decision 0164)", async () => {
    const store = new LeadStore(t.db);
    const german = await accept(store, { ...quoteLead, reference: "Q-2026-09164", locale: "de" });
    const french = await accept(store, { ...contact, message: "Nous avons besoin de pulls.", locale: "fr" });
    const unnamed = await accept(store, { ...contact, message: "No language named." });
    const stored = await rows<{ id: number | string; locale: string }>(
      t.db,
      sql`select id, locale from leads where id in (${german.id}, ${french.id}, ${unnamed.id}) order by id`,
    );
    expect(stored.map((r) => r.locale)).toEqual(["de", "fr", "en"]);
  });

  it("keeps a file's bytes exactly as sent: every byte value, from a view into a larger buffer", async () => {
    // A real PDF or photo is binary: NUL, backslash and bytes ≥ 0x80 must come back unchanged,
    // and a Buffer taken from Node's pool starts part-way into its backing memory.
    const pool = Buffer.alloc(3 * 256 + 17);
    for (let i = 0; i < pool.length; i++) pool[i] = (i * 7) % 256;
    const bytes = pool.subarray(5, 5 + 2 * 256 + 3);
    const store = new LeadStore(t.db);
    const accepted = await store.accept(
      { ...application, resume: { ...application.resume, content: bytes } },
      { eml: Buffer.concat([Buffer.from("Subject: binary\r\n\r\n"), bytes]) },
    );

    const [file] = await rows<{ content: Uint8Array }>(t.db, sql`select content from lead_files where lead_id = ${accepted.id}`);
    expect(Buffer.from(file!.content).equals(bytes)).toBe(true);
    const [lead] = await rows<{ eml: Uint8Array; n: number }>(t.db, sql`select eml, octet_length(eml) as n from leads where id = ${accepted.id}`);
    expect(Buffer.from(lead!.eml).subarray(-bytes.length).equals(bytes)).toBe(true);
    expect(Number(lead!.n)).toBe(bytes.length + "Subject: binary\r\n\r\n".length);
  });

  it("stores the same submission once within the window (a double press on Send), again after it", async () => {
    const store = new LeadStore(t.db, { duplicateWindowMs: 1_000 });
    const first = await accept(store, contact);
    const second = await accept(store, contact);
    expect(second).toEqual({ id: first.id, duplicate: true });
    expect(await count("leads")).toBe(1);
    expect(await count("mail_jobs")).toBe(1);

    // A different message from the same person is a new lead.
    expect((await accept(store, { ...contact, message: "And 2,000 cardigans." })).duplicate).toBe(false);

    await t.db.execute(sql`update submission_keys set accepted_at = accepted_at - interval '2 seconds'`);
    const later = await accept(store, contact);
    expect(later.duplicate).toBe(false);
    expect(await count("leads")).toBe(3);
  });

  it("stores identical submissions arriving at once exactly once", async () => {
    // Two stores: two server instances on one database.
    const stores = [new LeadStore(t.db), new LeadStore(t.db)];
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => accept(stores[i % 2]!, contact)));
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(await count("leads")).toBe(1);
    expect(await count("mail_jobs")).toBe(1);
  });

  it("a double press in one batch stores the request the first caller is told is new, with that caller's reference", async () => {
    // A quote request gets its reference before it is found to repeat another: the
    // caller answered "not a duplicate" gives its own reference to the buyer, so that must be the
    // reference stored; the others are answered with the stored lead's id.
    const store = new LeadStore(t.db);
    const quote = (reference: string): QuoteLead => ({ ...quoteLead, reference });
    const results = await Promise.all(["Q-2026-00071", "Q-2026-00072", "Q-2026-00073"].map((reference) => accept(store, quote(reference))));
    expect(results.map((r) => r.duplicate)).toEqual([false, true, true]);
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(await store.referenceOf(results[0]!.id)).toBe("Q-2026-00071");
    expect(await count("leads")).toBe(1);
  });

  it("stores a lead under the id drawn for it beforehand, with the message its caller composed", async () => {
    const store = new LeadStore(t.db);
    const id = await store.nextLeadId();
    const accepted = await store.accept(contact, { id, eml: Buffer.from(`Subject: composed with a link to lead ${id}\r\n\r\n`) });
    expect(accepted).toEqual({ id, duplicate: false });
    const [lead] = await rows<{ eml: Uint8Array }>(t.db, sql`select eml from leads where id = ${id}`);
    expect(Buffer.from(lead!.eml).toString()).toMatch(/^Subject: composed/);
    // A repeat drawn another id is told the first one's; the next lead drawn none gets a new one.
    expect(await accept(store, contact, { id: await store.nextLeadId() })).toEqual({ id, duplicate: true });
    expect((await accept(store, application)).id).toBeGreaterThan(id);
    expect(await count("leads")).toBe(2);
  });

  it("stores submissions arriving at once, each once with its own lead, file and mail job", async () => {
    const store = new LeadStore(t.db);
    const submissions = Array.from({ length: 30 }, (_, i) =>
      i % 3 === 0 ? { ...application, name: `Applicant ${i}` } : { ...contact, message: `Order ${i}` },
    );
    // The first of each pair twice in the same burst: a double press lands in the same batch.
    const results = await Promise.all([...submissions, ...submissions.slice(0, 5)].map((s) => accept(store, s)));
    expect(results.slice(0, 30).every((r) => !r.duplicate)).toBe(true);
    expect(new Set(results.slice(0, 30).map((r) => r.id)).size).toBe(30);
    expect(results.slice(30)).toEqual(results.slice(0, 5).map((r) => ({ id: r.id, duplicate: true })));
    expect(await count("leads")).toBe(30);
    expect(await count("mail_jobs")).toBe(30);
    expect(await count("lead_files")).toBe(10);
    const names = await rows<{ id: number | string; name: string }>(t.db, sql`select id, fields->>'name' as name from leads`);
    const byId = new Map(names.map((n) => [Number(n.id), n.name]));
    results.slice(0, 30).forEach((r, i) => expect(byId.get(r.id)).toBe(submissions[i]!.name));
  });

  it("a submission the database refuses does not fail the others sent with it", async () => {
    const store = new LeadStore(t.db);
    await t.db.execute(sql`alter table leads add constraint no_careers check (form <> 'career')`);
    try {
      const [contactResult, careerResult] = await Promise.allSettled([accept(store, contact), accept(store, application)]);
      expect(contactResult.status).toBe("fulfilled");
      expect(careerResult.status).toBe("rejected");
      expect((careerResult as PromiseRejectedResult).reason.message).toMatch(/^the lead could not be stored: .*no_careers/);
      expect(await count("leads")).toBe(1);
      expect(await count("lead_files")).toBe(0);
    } finally {
      await t.db.execute(sql`alter table leads drop constraint no_careers`);
    }
  });

  it("flags a quote request with a product below its usual minimum as a trial order, from its lines alone", async () => {
    const store = new LeadStore(t.db);
    const line = quoteLead.products[0]!;
    const trial = await accept(store, {
      ...quoteLead,
      products: [
        { ...line, minimum: 1500, belowMinimum: false },
        { ...line, product: "men/hoodie", quantity: 200, colours: 1, minimum: 500, belowMinimum: true },
      ],
    });
    const atMinimum = await accept(store, { ...quoteLead, company: "Other GmbH", products: [{ ...line, minimum: 1500, belowMinimum: false }] });
    // Stored before trial orders were taken: its lines say nothing of a minimum.
    const before = await accept(store, { ...quoteLead, company: "Earlier AB" });
    const message = await accept(store, contact);
    const flags = await rows<{ id: number | string; below_minimum: boolean }>(t.db, sql`select id, below_minimum from leads order by id`);
    expect(flags.map((f) => [Number(f.id), f.below_minimum])).toEqual([
      [trial.id, true],
      [atMinimum.id, false],
      [before.id, false],
      [message.id, false],
    ]);
    // Generated from the lines: no statement can set it apart from them.
    await expect(t.db.execute(sql`update leads set below_minimum = false where id = ${trial.id}`)).rejects.toThrow();
    const [kept] = await rows<{ products: unknown }>(t.db, sql`select fields->'products' as products from leads where id = ${trial.id}`);
    expect(kept!.products).toEqual([
      expect.objectContaining({ product: "men/tshirt", quantity: 1500, minimum: 1500, belowMinimum: false }),
      expect.objectContaining({ product: "men/hoodie", quantity: 200, minimum: 500, belowMinimum: true }),
    ]);
  });

  it("stores nothing when the transaction fails half way", async () => {
    const store = new LeadStore(t.db);
    // The mail job insert fails after the lead and its key were written: all of it rolls back.
    await t.db.execute(sql`alter table mail_jobs add constraint no_jobs check (lead_id < 0)`);
    try {
      await expect(accept(store, contact)).rejects.toThrow();
      expect(await count("leads")).toBe(0);
      expect(await count("submission_keys")).toBe(0);
    } finally {
      await t.db.execute(sql`alter table mail_jobs drop constraint no_jobs`);
    }
    // Not remembered as a duplicate: the visitor's retry is stored.
    expect((await accept(store, contact)).duplicate).toBe(false);
  });
});

describe.each(drivers)("migrations on %s", (driver) => {
  it("a failing migration stops the start with a clear message and changes nothing", async () => {
    const folder = await mkdtemp(join(tmpdir(), "ssl-migrations-"));
    try {
      await cp(migrationsFolder, folder, { recursive: true });
      const journal = JSON.parse(await (await import("node:fs/promises")).readFile(join(folder, "meta/_journal.json"), "utf8"));
      journal.entries.push({ idx: journal.entries.length, version: "7", when: Date.now(), tag: "9999_broken", breakpoints: true });
      await writeFile(join(folder, "meta/_journal.json"), JSON.stringify(journal));
      await writeFile(
        join(folder, "9999_broken.sql"),
        `ALTER TABLE "leads" ADD COLUMN "half_done" text;--> statement-breakpoint\nALTER TABLE "no_such_table" ADD COLUMN "x" text;`,
      );

      const error = await openTestDatabase(driver, folder).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(MigrationError);
      expect((error as Error).message).toMatch(/database migration failed .*no_such_table.*Nothing was changed/s);

      // Same database kind, fresh: the good migrations apply, and the half-done column never appears.
      const good = await openTestDatabase(driver);
      try {
        const columns = await rows<{ column_name: string }>(good.db, sql`select column_name from information_schema.columns where table_name = 'leads'`);
        expect(columns.map((c) => c.column_name)).not.toContain("half_done");
      } finally {
        await good.close();
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 120_000);
});

describe.each(drivers)("migration 0013 (trial orders) on %s", (driver) => {
  it("flags the quote requests already stored with a line below its minimum, and no other lead", async () => {
    const root = await mkdtemp(join(tmpdir(), "ssl-migration-"));
    try {
      // The migrations up to 0012: the database as the server before trial orders left it.
      const folder = join(root, "migrations");
      await cp(migrationsFolder, folder, { recursive: true });
      const journalFile = join(folder, "meta/_journal.json");
      const journal = JSON.parse(await readFile(journalFile, "utf8")) as { entries: { tag: string }[] };
      journal.entries = journal.entries.filter((entry) => entry.tag < "0013");
      await writeFile(journalFile, JSON.stringify(journal));
      const database = driver === "PGlite" ? { dataDir: join(root, "data") } : { databaseUrl: await freshPostgresUrl() };
      const old = await openLeadsDatabase(database, folder);
      const insert = async (form: string, fields: unknown) => {
        const [row] = await rows<{ id: number | string }>(
          old.db,
          sql`insert into leads (form, fields, eml) values (${form}, ${JSON.stringify(fields)}::jsonb, ${Buffer.from("x")}::bytea) returning id`,
        );
        return Number(row!.id);
      };
      const below = await insert("quote", { products: [{ product: "men/tshirt", quantity: 10, colours: 1, minimum: 500, belowMinimum: true }] });
      const enough = await insert("quote", { products: [{ product: "men/tshirt", quantity: 1500, colours: 3 }] });
      const other = await insert("contact", { name: "Ada", message: "belowMinimum" });
      await old.close();

      const leads = await openLeadsDatabase(database);
      try {
        const flags = await rows<{ id: number | string; below_minimum: boolean }>(leads.db, sql`select id, below_minimum from leads order by id`);
        expect(flags.map((f) => [Number(f.id), f.below_minimum])).toEqual([
          [below, true],
          [enough, false],
          [other, false],
        ]);
      } finally {
        await leads.close();
      }
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }, 120_000);
});

import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { freshPostgresUrl, drivers, type Driver } from "../../test-support/databases";
import { typedQuoteLead } from "../../test-support/leads";
import { migrationsFolder, openLeadsDatabase, rows, type DatabaseOptions } from "../db/db";
import { getLead, listLeads } from "./inbox";

/** The migrations up to and including `tag` (the database as an older server left it). */
async function migrationsUpTo(tag: string, folder: string): Promise<string> {
  await cp(migrationsFolder, folder, { recursive: true });
  const journalFile = join(folder, "meta/_journal.json");
  const journal = JSON.parse(await readFile(journalFile, "utf8")) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((entry) => entry.tag === tag) + 1);
  await writeFile(journalFile, JSON.stringify(journal));
  return folder;
}

const allTypes = ["contact", "career", "quote"] as const;

describe.each(drivers)("migration 0005 (typed leads) on %s, over rows in the former shape", (driver: Driver) => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  it("makes products a typed list, files typed by role and order, drops file names and the duplicated reference from the fields; search still finds products", async () => {
    const root = await mkdtemp(join(tmpdir(), "ssl-migration-"));
    dirs.push(root);
    const database: DatabaseOptions = driver === "PGlite" ? { dataDir: join(root, "data") } : { databaseUrl: await freshPostgresUrl() };

    // What the server before typed leads (decision 0083) wrote.
    const old = await openLeadsDatabase(database, await migrationsUpTo("0004_staff_inbox", join(root, "migrations")));
    const eml = Buffer.from("Subject: x\r\n\r\nbody\r\n");
    const insert = async (form: string, fields: Record<string, string>, reference: string | null = null, source = "web") => {
      const [row] = await rows<{ id: number | string }>(
        old.db,
        sql`insert into leads (form, fields, eml, reference, source) values (${form}, ${JSON.stringify(fields)}::jsonb, ${eml}::bytea, ${reference}, ${source}) returning id`,
      );
      return Number(row!.id);
    };
    const file = (leadId: number, field: string, filename: string) =>
      old.db.execute(
        sql`insert into lead_files (lead_id, field, filename, content_type, content) values (${leadId}, ${field}, ${filename}, 'application/pdf', ${Buffer.from("%PDF-1.4")}::bytea)`,
      );
    const contact = await insert("contact", { name: "Jane Roe", email: "jane@acme.test", subject: "Knitwear", message: "Hello" });
    const career = await insert("career", {
      name: "Rahim Uddin",
      email: "rahim@mail.test",
      phone: "+8801",
      position: "Merchandiser",
      coverLetter: "",
      attachment_filename: "cv.pdf",
    });
    await file(career, "attachment", "cv.pdf");
    const products = JSON.stringify([
      { product: "men/hoodie", quantity: "1500", colours: "3", sizes: "S-XL", targetPrice: "4.50", currency: "USD", notes: "" },
      { product: "men/parka", quantity: "600", colours: "1", sizes: "M", targetPrice: "", currency: "EUR", notes: "padded" },
    ]);
    // The buyer's fields as an older server stored them: the typed lead's, its lists still text.
    const { kind: _kind, products: _products, attachments: _attachments, reference: _reference, ...buyer } = typedQuoteLead;
    const quoteFields = {
      reference: "Q-2026-00007",
      ...buyer,
      message: "Spring range.",
      products,
      attachment_1_filename: "spec.pdf",
      attachment_2_filename: "photo.pdf",
    };
    const quote = await insert("quote", quoteFields, "Q-2026-00007");
    await file(quote, "attachment_2", "photo.pdf");
    await file(quote, "attachment_1", "spec.pdf");
    const handWritten = await insert("quote", { name: "Old Row", email: "o@x.test", products: "denim jackets" });
    const imported = await insert("contact", { file: "2026-11-25T01-06-09-123Z-x.eml", subject: "From the outbox" }, null, "outbox");
    await old.close();

    const leads = await openLeadsDatabase(database);
    try {
      const fields = new Map(
        (await rows<{ id: number | string; fields: Record<string, unknown> }>(leads.db, sql`select id, fields from leads`)).map((r) => [
          Number(r.id),
          r.fields,
        ]),
      );
      expect(fields.get(contact)).toEqual({ name: "Jane Roe", email: "jane@acme.test", subject: "Knitwear", message: "Hello" });
      expect(fields.get(career)).toEqual({ name: "Rahim Uddin", email: "rahim@mail.test", phone: "+8801", position: "Merchandiser", coverLetter: "" });
      const { reference: _, attachment_1_filename: _1, attachment_2_filename: _2, ...typedQuote } = quoteFields;
      expect(fields.get(quote)).toEqual({
        ...typedQuote,
        products: [
          { product: "men/hoodie", quantity: 1500, colours: 3, sizes: "S-XL", targetPrice: "4.50", currency: "USD", notes: "" },
          { product: "men/parka", quantity: 600, colours: 1, sizes: "M", targetPrice: "", currency: "EUR", notes: "padded" },
        ],
      });
      // Text that was never a list stays what it was; the outbox's import is untouched.
      expect(fields.get(handWritten)).toEqual({ name: "Old Row", email: "o@x.test", products: "denim jackets" });
      expect(fields.get(imported)).toEqual({ file: "2026-11-25T01-06-09-123Z-x.eml", subject: "From the outbox" });

      const files = await rows<{ lead_id: number | string; role: string; position: number; filename: string }>(
        leads.db,
        sql`select lead_id, role, position, filename from lead_files order by lead_id, position`,
      );
      expect(files.map((f) => ({ ...f, lead_id: Number(f.lead_id) }))).toEqual([
        { lead_id: career, role: "resume", position: 0, filename: "cv.pdf" },
        { lead_id: quote, role: "attachment", position: 0, filename: "spec.pdf" },
        { lead_id: quote, role: "attachment", position: 1, filename: "photo.pdf" },
      ]);

      // Read back typed through the leads module, as the staff inbox reads them.
      const quoteDetail = await getLead(leads.db, allTypes, quote);
      expect(quoteDetail.ok && quoteDetail.value.content.kind === "quote" && quoteDetail.value.content.fields.products[1]!.quantity).toBe(600);
      expect(quoteDetail.ok && quoteDetail.value.files.map((f) => f.filename)).toEqual(["spec.pdf", "photo.pdf"]);
      const list = async (q: string) => (await listLeads(leads.db, { types: allTypes, staffId: "u", filter: { q } })).leads.map((l) => [l.id, l.topic]);
      expect(await list("men/parka")).toEqual([[quote, "men/hoodie × 1,500; men/parka × 600"]]);
      expect(await list("padded")).toEqual([[quote, "men/hoodie × 1,500; men/parka × 600"]]);
      expect(await list("Q-2026-00007")).toEqual([[quote, "men/hoodie × 1,500; men/parka × 600"]]);
      expect(await list("Merchandiser")).toEqual([[career, "Merchandiser"]]);
      // The keys of the products are no words of the document.
      expect(await list("currency")).toEqual([]);
    } finally {
      await leads.close();
    }
  }, 120_000);
});

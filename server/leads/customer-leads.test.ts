import { sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { drivers, onBothDrivers, testDatabasePerFile } from "../../test-support/databases";
import { insertLead, insertSofiasLeads, requestedHoodies } from "../../test-support/leads";
import { rows, type Database } from "../db/db";
import { countCustomerLeads, customerCondition, customerLeads } from "./inbox";
import { leadTypesFor } from "../staff/roles";

/** A message of a lead's conversation (a reply out or an answer in), written straight into the table. */
async function insertMessage(db: Database, leadId: number, direction: "in" | "out", n: number) {
  await db.execute(
    sql`insert into lead_messages (lead_id, direction, message_id, from_address, to_address, subject, body)
        values (${leadId}, ${direction}, ${`<m${leadId}-${n}@test>`}, 'a@test', 'b@test', 'Re: request', 'text')`,
  );
}

type PlanNode = { "Node Type": string; "Index Name"?: string; Plans?: PlanNode[] };

/** The nodes of a statement's plan as EXPLAIN gives it (nothing is run): each node's type, and its index's name where it reads one. */
async function planOf(db: Database, statement: ReturnType<typeof sql>): Promise<string[]> {
  const [row] = await rows<Record<string, unknown>>(db, sql`explain (format json) ${statement}`);
  const plan = Object.values(row ?? {})[0];
  const [top] = (typeof plan === "string" ? JSON.parse(plan) : plan) as { Plan: PlanNode }[];
  const nodes = (node: PlanNode): string[] => [[node["Node Type"], node["Index Name"]].filter(Boolean).join(" on "), ...(node.Plans ?? []).flatMap(nodes)];
  return nodes(top!.Plan);
}

describe.each(drivers)("a customer's leads on %s", (driver) => {
  const handle = testDatabasePerFile(driver);

  /** Sofia's contact, then her quote (with two versions sent, v2 accepted), her application; Acme's other buyer; another customer. */
  async function seed() {
    const db = handle.db;
    const { contact, quote, career, colleague } = await insertSofiasLeads(db);
    const stranger = await insertLead(db, {
      form: "quote",
      reference: "Q-2026-00105",
      fields: { name: "Li Wei", email: "sofia.rossi@acme.example.cn", company: "Acme Trading Co", country: "CN", products: [requestedHoodies] },
      receivedAt: new Date("2026-03-08T10:00:00Z"),
    });
    await insertMessage(db, contact, "out", 1);
    await insertMessage(db, contact, "in", 2);
    await insertMessage(db, quote, "out", 3);
    // A draft is not a quotation the customer was sent.
    await db.execute(
      sql`insert into quotations (lead_id, valid_until, created_by_id, created_by_name) values (${colleague}, '2026-05-01', 'u-sales', 'Sam Sales')`,
    );
    return { contact, quote, career, colleague, stranger };
  }

  onBothDrivers("finds the customer's leads by address in any case and by company without regard to case or whitespace, newest first", async () => {
    const { contact, quote, career, colleague } = await seed();
    const found = await customerLeads(handle.db, {
      types: leadTypesFor("admin"),
      customer: { email: "  SOFIA.rossi@acme.EXAMPLE ", company: " acme trading  ltd" },
    });
    expect(found.more).toBe(false);
    expect(found.leads.map((l) => [l.reference, l.type, l.sameEmail])).toEqual([
      ["Q-2026-00104", "quote", false],
      ["A-2026-00103", "career", true],
      ["Q-2026-00102", "quote", true],
      ["C-2026-00101", "contact", true],
    ]);
    expect(found.leads.map((l) => l.id)).toEqual([colleague, career, quote, contact]);
    const [, , sofiasQuote, sofiasContact] = found.leads;
    expect(sofiasContact).toMatchObject({
      status: "new",
      topic: "Your knitwear range",
      messages: 2,
      quotations: [],
      receivedAt: new Date("2026-03-01T10:00:00Z"),
    });
    expect(sofiasQuote).toMatchObject({ status: "won", company: "Acme  Trading Ltd", topic: "men/hoodie × 1,500", messages: 1 });
    expect(sofiasQuote!.quotations).toEqual([
      {
        version: 2,
        status: "accepted",
        sentAt: new Date("2026-03-07T09:00:00Z"),
        revisesVersion: null,
        lines: [
          { quantity: 1500, unitPriceMinor: 890n, currency: "USD" },
          { quantity: 200, unitPriceMinor: null, currency: "USD" },
        ],
      },
      {
        version: 1,
        status: "superseded",
        sentAt: new Date("2026-03-06T09:00:00Z"),
        revisesVersion: null,
        lines: [{ quantity: 1500, unitPriceMinor: 925n, currency: "USD" }],
      },
    ]);
    // The colleague's draft is not listed: only versions sent.
    expect(found.leads[0]!.quotations).toEqual([]);
  });

  onBothDrivers("limits the leads to the types the role may see, and without a company to the address alone", async () => {
    const { contact, quote, career } = await seed();
    const sofia = { email: "sofia.rossi@acme.example", company: "" };
    const ids = async (role: "sales" | "hr" | "editor") =>
      (await customerLeads(handle.db, { types: leadTypesFor(role), customer: sofia })).leads.map((l) => l.id);
    expect(await ids("sales")).toEqual([quote, contact]);
    expect(await ids("hr")).toEqual([career]);
    expect(await ids("editor")).toEqual([]);
    expect(await countCustomerLeads(handle.db, { types: leadTypesFor("sales"), customer: sofia })).toEqual({ count: 2, more: false });
    expect(await countCustomerLeads(handle.db, { types: leadTypesFor("hr"), customer: sofia })).toEqual({ count: 1, more: false });
  });

  onBothDrivers("lists the lead it starts from even with no address or company, and nothing else; says when there are more than it lists", async () => {
    const { quote } = await seed();
    const lone = await insertLead(handle.db, { form: "contact", fields: { name: "Nobody", email: "", subject: "Hello" } });
    const alone = await customerLeads(handle.db, { types: leadTypesFor("admin"), customer: { email: " ", company: "  " }, leadId: lone });
    expect(alone.leads.map((l) => l.id)).toEqual([lone]);
    expect(alone.leads[0]!.sameEmail).toBe(false);
    const sofia = { email: "sofia.rossi@acme.example", company: "Acme Trading Ltd" };
    const two = await customerLeads(handle.db, { types: leadTypesFor("admin"), customer: sofia, leadId: quote, limit: 2 });
    expect(two).toMatchObject({ more: true });
    expect(two.leads.map((l) => l.reference)).toEqual(["Q-2026-00104", "A-2026-00103"]);
    expect(await countCustomerLeads(handle.db, { types: leadTypesFor("admin"), customer: sofia, limit: 3 })).toEqual({ count: 3, more: true });
  });

  onBothDrivers("reads a customer's leads through the address's and the company's indexes, not by reading every lead", async () => {
    // Enough leads that a scan would cost the planner more than the indexes (each address and company its own).
    await handle.db.execute(
      sql`insert into leads (form, fields, eml, received_at)
          select 'quote', jsonb_build_object('name', 'Buyer ' || n, 'email', 'buyer' || n || '@example.com', 'company', 'Company ' || n, 'products', '[]'::jsonb),
            '\\x00'::bytea, now() - n * interval '1 minute'
          from generate_series(1, 5000) as n`,
    );
    await handle.db.execute(sql`analyze leads`);
    const plan = await planOf(
      handle.db,
      sql`select l.id from leads l where ${customerCondition({ email: "Buyer42@Example.com", company: "company  42" }, 42)}`,
    );
    expect(plan).toEqual(expect.arrayContaining(["Bitmap Index Scan on leads_email", "Bitmap Index Scan on leads_company"]));
    expect(plan.filter((node) => node.startsWith("Seq Scan"))).toEqual([]);
    const found = await customerLeads(handle.db, { types: leadTypesFor("admin"), customer: { email: "Buyer42@Example.com", company: "company  42" } });
    expect(found.leads.map((l) => l.name)).toEqual(["Buyer 42"]);
  });
});

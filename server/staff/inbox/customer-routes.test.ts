import type { MiddlewareHandler } from "hono";
import { beforeEach, describe, expect, it } from "vitest";
import { testDatabasePerFile } from "../../../test-support/databases";
import { tableByCaption } from "../../../test-support/html-tables";
import { insertLead, insertSofiasLeads, staff } from "../../../test-support/leads";
import type { AuditEntry } from "../audit";
import { forbiddenPage, type StaffEnv } from "../guard";
import type { StaffUser } from "../roles";
import { createInboxRoutes, kitPage } from "./routes";

/** The test guard: the member of staff named by a header, 401 without one. */
const testGuard: MiddlewareHandler<StaffEnv> = async (c, next) => {
  const who = c.req.header("x-test-staff") as keyof typeof staff | undefined;
  if (!who || !(who in staff)) return c.text("sign in", 401);
  c.set("staff", staff[who] as StaffUser);
  await next();
};

/** The customer page's table of leads, each row by its column headers. */
function parseHtmlTable(html: string, caption: string): Record<string, string>[] {
  const [headers, ...body] = tableByCaption(html, caption);
  return body.map((cells) => Object.fromEntries(headers!.map((header, i) => [header, cells[i] ?? ""])));
}

/** The customer view (decision 0149) through the inbox's routes, on PGlite (decision 0143). */
describe("a customer's page in the staff inbox", () => {
  const handle = testDatabasePerFile("PGlite");
  let audit: AuditEntry[];
  let ids: { contact: number; quote: number; career: number; colleague: number; other: number };

  const app = () =>
    createInboxRoutes({
      db: handle.db,
      requireStaff: testGuard,
      recordAudit: async (_c, entry) => void audit.push(entry),
      forbidden: (c) => forbiddenPage(c, c.get("staff")),
      page: kitPage,
      listStaff: async () => Object.values(staff),
    });
  const get = (path: string, who?: keyof typeof staff) => app().request(path, { headers: who ? { "x-test-staff": who } : {} });

  beforeEach(async () => {
    audit = [];
    const db = handle.db;
    const { contact, quote, career, colleague } = await insertSofiasLeads(db);
    const other = await insertLead(db, {
      form: "contact",
      reference: "C-2026-00105",
      fields: { name: "Li Wei", email: "li@harbour.example", subject: "Denim", message: "Price?" },
      receivedAt: new Date("2026-03-08T10:00:00Z"),
    });
    ids = { contact, quote, career, colleague, other };
  });

  it("links every lead's page to its customer's page, counting the leads the role may see there", async () => {
    const quotePage = await (await get(`/staff/leads/${ids.quote}`, "sales")).text();
    expect(quotePage).toContain(`<a class="button secondary" href="/staff/leads/${ids.quote}/customer">All leads from this customer (3)</a>`);
    // Sofia's contact has no company: her address alone, so Acme's other buyer is not counted from there.
    const contactPage = await (await get(`/staff/leads/${ids.contact}`, "sales")).text();
    expect(contactPage).toContain(`<a class="button secondary" href="/staff/leads/${ids.contact}/customer">All leads from this customer (2)</a>`);
    const applicationPage = await (await get(`/staff/leads/${ids.career}`, "hr")).text();
    expect(applicationPage).toContain(`<a class="button secondary" href="/staff/leads/${ids.career}/customer">All leads from this applicant (1)</a>`);
    const alone = await (await get(`/staff/leads/${ids.other}`, "admin")).text();
    expect(alone).toContain(`>All leads from this customer (1)</a>`);
  });

  it("lists the same address in any case and the same company, newest first, with each quotation's outcome and the summary; nobody else's", async () => {
    const response = await get(`/staff/leads/${ids.quote}/customer`, "sales");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<h1");
    expect(html).toMatch(/<h1[^>]*>Customer: Sofia Rossi<\/h1>/);
    expect(html).toContain("<dd>sofia.rossi@acme.example</dd>");
    expect(html).toContain("<dd>Acme  Trading Ltd</dd>");
    const table = parseHtmlTable(html, "Leads from this sender, newest first");
    expect(table.map((row) => [row.Lead, row.Type, row.Status, row.Messages])).toEqual([
      ["Q-2026-00104Marco Bianchi <marco@acme.example>, same company", "quote", "new", "0"],
      ["Q-2026-00102", "quote", "won", "0"],
      ["C-2026-00101", "contact", "new", "0"],
    ]);
    expect(table[1]!.Quotations).toBe("v2 accepted: USD 13,350.00v1 superseded: USD 13,875.00");
    expect(table[2]!.Quotations).toBe("");
    expect(table[0]!.Quotations).toBe("none");
    for (const id of [ids.colleague, ids.quote, ids.contact]) expect(html).toContain(`<a href="/staff/leads/${id}">`);
    expect(html).not.toMatch(/Li Wei|C-2026-00105|A-2026-00103|Merchandiser/);
    expect(html).toMatch(/<dt>Leads<\/dt>\s*<dd>3 \(2 quote, 1 contact\)<\/dd>/);
    expect(html).toMatch(/<dt>Quotations sent<\/dt>\s*<dd>2 versions on 1 request<\/dd>/);
    expect(html).toMatch(/<dt>Quotations accepted<\/dt>\s*<dd>1 request<\/dd>/);
    expect(html).toMatch(/<dt>Accepted value<\/dt>\s*<dd>USD 13,350.00<\/dd>/);
    expect(audit).toEqual([{ actor: staff.sales, action: "lead.customer", target: `lead:${ids.quote}`, detail: { leads: 3 } }]);
  });

  it("shows hr only applications there, and a contact or quote lead's customer page to hr is a lead that does not exist", async () => {
    const hr = await get(`/staff/leads/${ids.career}/customer`, "hr");
    expect(hr.status).toBe(200);
    const html = await hr.text();
    expect(html).toMatch(/<h1[^>]*>Applicant: Sofia Rossi<\/h1>/);
    expect(parseHtmlTable(html, "Leads from this sender, newest first").map((row) => row.Lead)).toEqual(["A-2026-00103"]);
    expect(html).not.toMatch(/Q-2026-00102|C-2026-00101|Knitwear|knitwear|USD/);
    const missing = await (await get(`/staff/leads/999999/customer`, "hr")).text();
    for (const id of [ids.contact, ids.quote]) {
      const refused = await get(`/staff/leads/${id}/customer`, "hr");
      expect(refused.status).toBe(404);
      expect(await refused.text()).toBe(missing);
    }
    // Sales may not see the application: its customer's page does not exist for them either.
    expect((await get(`/staff/leads/${ids.career}/customer`, "sales")).status).toBe(404);
    // An admin sees all three of Sofia's leads from her application (no company there: her address alone).
    const admin = parseHtmlTable(await (await get(`/staff/leads/${ids.career}/customer`, "admin")).text(), "Leads from this sender, newest first");
    expect(admin.map((row) => row.Lead)).toEqual(["A-2026-00103", "Q-2026-00102", "C-2026-00101"]);
  });

  it("asks a stranger to sign in, refuses an editor, and answers a malformed lead id 404, never 500", async () => {
    expect((await get(`/staff/leads/${ids.quote}/customer`)).status).toBe(401);
    expect((await get(`/staff/leads/${ids.quote}/customer`, "editor")).status).toBe(404);
    for (const path of ["abc", "-1", "0", "1.5", "99999999999999999999", "%00", "1%20or%201=1"]) {
      const response = await get(`/staff/leads/${path}/customer`, "admin");
      expect(response.status, path).toBe(404);
    }
    expect(audit).toEqual([]);
  });
});

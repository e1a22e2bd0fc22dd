import type { MiddlewareHandler } from "hono";
import { Window } from "happy-dom";
import type { AuditEntry } from "../audit";
import { forbiddenPage, type StaffEnv } from "../guard";
import { beforeEach, describe, expect, it } from "vitest";
import { testDatabasePerFile } from "../../../test-support/databases";
import type { StaffUser } from "../roles";
import { createInboxRoutes, kitPage } from "./routes";
import { insertFile, insertLead, staff } from "../../../test-support/leads";
import { tableByCaption } from "../../../test-support/html-tables";

/** A served page as a person reads it: a document to find fields by their label and text in. */
function readPage(html: string) {
  const { document } = new Window();
  document.write(html);
  const text = (node: { textContent: string | null } | null | undefined) => (node?.textContent ?? "").replace(/\s+/g, " ").trim();
  const field = (label: string) => {
    const found = [...document.querySelectorAll("label")].find((l) => text(l) === label);
    return found ? document.getElementById(found.getAttribute("for") ?? "") : null;
  };
  return {
    /** A select's choices by their visible words, and the chosen one; null when no field has the label. */
    select: (label: string) => {
      const select = field(label);
      if (!select) return null;
      const options = [...select.querySelectorAll("option")];
      return { choices: options.map(text), chosen: text(options.find((o) => o.hasAttribute("selected")) ?? options[0]) };
    },
    /** The lead page's details: each term with its description. */
    details: () => Object.fromEntries([...document.querySelectorAll("dt")].map((dt) => [text(dt), text(dt.nextElementSibling)])),
    status: () => text(document.querySelector('[role="status"]')),
  };
}

/** The test guard: the member of staff named by a header, 401 without one. */
const testGuard: MiddlewareHandler<StaffEnv> = async (c, next) => {
  const who = c.req.header("x-test-staff") as keyof typeof staff | undefined;
  if (!who || !(who in staff)) return c.text("sign in", 401);
  c.set("staff", staff[who] as StaffUser);
  await next();
};

describe("staff inbox routes", () => {
  const handle = testDatabasePerFile("PGlite");
  let audit: AuditEntry[];
  let ids: { contact: number; quote: number; career: number; resume: number };

  const app = () =>
    createInboxRoutes({
      db: handle.db,
      requireStaff: testGuard,
      recordAudit: async (_c, entry) => void audit.push(entry),
      forbidden: (c) => forbiddenPage(c, c.get("staff")),
      page: kitPage,
      listStaff: async () => Object.values(staff),
    });
  const get = (path: string, who: keyof typeof staff) => app().request(path, { headers: { "x-test-staff": who } });
  const post = (path: string, who: keyof typeof staff, form: Record<string, string>) =>
    app().request(path, {
      method: "POST",
      headers: { "x-test-staff": who, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form).toString(),
    });

  beforeEach(async () => {
    audit = [];
    const db = handle.db;
    const contact = await insertLead(db, {
      form: "contact",
      fields: { name: "Jane Roe", email: "jane@acme-buying.com", subject: "Knitwear for spring", message: "We need 2,000 merino cardigans by March." },
      receivedAt: new Date("2026-03-01T10:00:00Z"),
    });
    const quote = await insertLead(db, {
      form: "quote",
      fields: {
        message: "Price for 5,000 pieces?",
        incoterm: "FOB",
        buyerType: "importer",
        name: "Li Wei",
        email: "li@harbour.cn",
        company: "Harbour Trading Co",
        country: "CN",
        products: [{ product: "men/denim-jacket", quantity: 5000, colours: 2, sizes: "M-XL", targetPrice: "", currency: "USD", notes: "" }],
        deliveryMonth: "2026-06",
      },
      receivedAt: new Date("2026-03-02T10:00:00Z"),
    });
    const career = await insertLead(db, {
      form: "career",
      fields: { name: "Rahim Uddin", email: "rahim@mail.test", phone: "+8801", position: "Merchandiser", coverLetter: "Five years in woven garments." },
      receivedAt: new Date("2026-03-03T10:00:00Z"),
    });
    const resume = await insertFile(db, career, "cv <rahim>.pdf", Buffer.from("%PDF-1.4 <script>alert(1)</script>"));
    ids = { contact, quote, career, resume };
  });

  it("asks for sign-in without a member of staff", async () => {
    expect((await app().request("/staff/leads")).status).toBe(401);
    expect((await app().request(`/staff/leads/${ids.contact}`)).status).toBe(401);
  });

  it("lists the role's leads newest first with the new-leads badge; a sales user sees no trace of applications", async () => {
    const sales = await get("/staff/leads", "sales");
    expect(sales.status).toBe(200);
    const html = await sales.text();
    expect(html).toContain(">2 new leads</a>");
    expect(html.indexOf("Li Wei")).toBeLessThan(html.indexOf("Jane Roe"));
    expect(html).toContain("Harbour Trading Co, CN");
    expect(html).not.toContain("Rahim");
    expect(html).not.toContain('value="career"');
    expect(html).not.toContain("shortlisted");

    const admin = await (await get("/staff/leads", "admin")).text();
    expect(admin).toContain(">3 new leads</a>");
    expect(admin).toContain("Rahim Uddin");
  });

  it("shows hr the job applications only, with no type filter; quotes and a contact CSV asked for by hr are 403", async () => {
    const hr = await get("/staff/leads", "hr");
    expect(hr.status).toBe(200);
    const html = await hr.text();
    expect(html).toContain(">1 new lead</a>");
    expect(html).toContain("Rahim Uddin");
    expect(html).not.toMatch(/Jane Roe|Li Wei|Harbour/);
    expect(html).not.toContain("All types");
    for (const path of ["/staff/leads?type=quote", "/staff/leads/export.csv?type=contact"]) {
      const refused = await get(path, "hr");
      expect(refused.status, path).toBe(403);
      expect(await refused.text()).not.toMatch(/Jane Roe|Li Wei/);
    }
  });

  it("answers 403 with nothing of it when a role asks for a type it may not see; an editor gets no count", async () => {
    for (const path of ["/staff/leads?type=career", "/staff/leads/export.csv?type=career"]) {
      const response = await get(path, "sales");
      expect(response.status, path).toBe(403);
      const body = await response.text();
      expect(body).toContain("Your account’s role does not give access to this page.");
      expect(body).not.toMatch(/Rahim|Merchandiser|new lead/);
    }
    // An editor works on the content, not on leads: not even a count.
    const editor = await get("/staff/leads", "editor");
    expect(editor.status).toBe(403);
    expect(await editor.text()).not.toMatch(/\d+ new/);
    expect(audit).toEqual([]);
  });

  it("answers a lead the role may not see exactly as one that does not exist (404): an id tells sales nothing", async () => {
    const missing = 999_999;
    const pairs: [string, string][] = [
      [`/staff/leads/${ids.career}`, `/staff/leads/${missing}`],
      [`/staff/leads/${ids.career}/files/${ids.resume}`, `/staff/leads/${missing}/files/${ids.resume}`],
    ];
    for (const [theirs, nowhere] of pairs) {
      const [a, b] = [await get(theirs, "sales"), await get(nowhere, "sales")];
      expect([a.status, b.status], theirs).toEqual([404, 404]);
      const body = await a.text();
      expect(body).toBe(await b.text());
      expect(body).not.toMatch(/Rahim|Merchandiser|not allowed|role/i);
      const [aJson, bJson] = [
        await app().request(theirs, { headers: { "x-test-staff": "sales", accept: "application/json" } }),
        await app().request(nowhere, { headers: { "x-test-staff": "sales", accept: "application/json" } }),
      ];
      expect([aJson.status, bJson.status]).toEqual([404, 404]);
      expect(await aJson.json()).toEqual(await bJson.json());
    }
    for (const [action, form] of [
      ["status", { from: "new", to: "shortlisted" }],
      ["notes", { note: "hi" }],
      ["assign", { assignee: staff.sales.id }],
    ] as const) {
      const [a, b] = [await post(`/staff/leads/${ids.career}/${action}`, "sales", form), await post(`/staff/leads/${missing}/${action}`, "sales", form)];
      expect([a.status, b.status], action).toEqual([404, 404]);
      expect(await a.text()).toBe(await b.text());
    }
    expect((await get(`/staff/leads/${ids.contact}`, "hr")).status).toBe(404);
    expect(audit).toEqual([]);
    expect((await get("/staff/leads/abc", "admin")).status).toBe(404);
  });

  it("marks a trial order (a product below its usual minimum) in the list and on its page, and filters the trial orders", async () => {
    const trial = await insertLead(handle.db, {
      form: "quote",
      fields: {
        name: "Maria Lopez",
        email: "maria@tienda.example",
        company: "Tienda Pequeña SL",
        country: "ES",
        products: [
          { product: "men/denim-jacket", quantity: 200, colours: 1, sizes: "M", targetPrice: "", currency: "USD", notes: "", minimum: 500, belowMinimum: true },
        ],
      },
      receivedAt: new Date("2026-03-04T10:00:00Z"),
    });

    const inbox = await (await get("/staff/leads", "sales")).text();
    expect(readPage(inbox).select("Order size")).toEqual({ choices: ["Any order size", "Trial orders (below the minimum)"], chosen: "Any order size" });
    const rows = tableByCaption(inbox, "Leads, newest first");
    expect(rows[0]).toContain("Subject or products");
    const topic = rows[0]!.indexOf("Subject or products");
    expect(rows.slice(1).map((row) => row[topic])).toEqual([
      "men/denim-jacket × 200Trial order (below the minimum)",
      "men/denim-jacket × 5,000",
      "Knitwear for spring",
    ]);

    const filtered = await get("/staff/leads?minimum=below", "sales");
    expect(filtered.status).toBe(200);
    const page = readPage(await filtered.text());
    expect(page.status()).toBe("1 lead");
    expect(page.select("Order size")?.chosen).toBe("Trial orders (below the minimum)");
    expect(
      tableByCaption(await (await get("/staff/leads?minimum=below", "sales")).text(), "Leads, newest first")
        .slice(1)
        .map((row) => row[0]),
    ).toEqual(["Maria Lopez (unread)Tienda Pequeña SL, ES"]);
    const refused = await get("/staff/leads?minimum=small", "sales");
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Order size &quot;small&quot; is not an order size.");

    // Its page says so above the products, and the product below its minimum says by how much.
    const details = readPage(await (await get(`/staff/leads/${trial}`, "sales")).text()).details();
    expect(details["Order size"]).toBe("Trial order: a quantity is below its product's usual minimum. Discuss it with the buyer.");
    expect(details.Products).toBe("1. men/denim-jacket: 200 pieces in 1 colour(s), below the usual minimum of 500 pieces (trial order), sizes M");
    // A request at its minimum says nothing of it.
    const other = readPage(await (await get(`/staff/leads/${ids.quote}`, "sales")).text()).details();
    expect(other).not.toHaveProperty("Order size");
    expect(other.Products).not.toMatch(/minimum|trial/i);

    // hr sees no quote requests: no order size to filter by.
    expect(readPage(await (await get("/staff/leads", "hr")).text()).select("Order size")).toBeNull();
  });

  it("finds leads by company and by message text", async () => {
    const byCompany = await (await get("/staff/leads?q=harbour", "sales")).text();
    expect(byCompany).toContain("Li Wei");
    expect(byCompany).not.toContain("Jane Roe");
    expect(byCompany).toContain('value="harbour"');
    const byMessage = await (await get("/staff/leads?q=merino+cardigans", "sales")).text();
    expect(byMessage).toContain("Jane Roe");
    expect(byMessage).not.toContain("Li Wei");
    expect(await (await get("/staff/leads?q=zebra", "sales")).text()).toContain("No leads match this filter.");
  });

  it("says which filter values it set aside, and keeps the rest", async () => {
    const response = await get("/staff/leads?from=2026-13-01&q=harbour", "sales");
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("From date &quot;2026-13-01&quot; is not a date (YYYY-MM-DD).");
    expect(html).toContain("Li Wei");
  });

  it("exports as CSV exactly what the filter shows", async () => {
    const response = await get("/staff/leads/export.csv?q=harbour", "sales");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = (await response.text()).split("\r\n").filter(Boolean);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatch(/^"Q-\d{4}-\d{5}","quote","new",/);
    const all = (await (await get("/staff/leads/export.csv", "sales")).text()).split("\r\n").filter(Boolean);
    expect(all).toHaveLength(3);
    expect(all.join("\n")).not.toContain("Rahim");
    expect(audit.map((a) => [a.action, a.target])).toEqual([
      ["lead.export", "export:contact+quote"],
      ["lead.export", "export:contact+quote"],
    ]);
  });

  it("names a quote's fields for staff, in a reading order (who, what, terms, message), file names under Attachments only", async () => {
    await insertFile(handle.db, ids.quote, "spec.pdf", Buffer.from("%PDF-1.4 spec"));
    const html = await (await get(`/staff/leads/${ids.quote}`, "sales")).text();
    const labels = [...html.matchAll(/<dt>([^<]+)<\/dt>/g)].map((m) => m[1]);
    expect(labels).toEqual([
      "Received",
      "Source",
      "First response",
      "Waiting for us",
      "First reply due",
      "Name",
      "E-mail",
      "Company",
      "Country",
      "Buyer type",
      "Products",
      "Incoterm",
      "Delivery month",
      "Message",
    ]);
    expect(html.slice(0, html.indexOf('id="files-heading"'))).not.toContain("spec.pdf");
    expect(html.slice(html.indexOf('id="files-heading"'))).toContain("Download spec.pdf");
  });

  it("shows every field, the attachment as a download, reply by e-mail with the reference; opening marks it read", async () => {
    expect(await (await get("/staff/leads", "hr")).text()).toContain("(unread)");
    const response = await get(`/staff/leads/${ids.career}`, "hr");
    expect(response.status).toBe(200);
    const html = await response.text();
    for (const text of ["Rahim Uddin", "rahim@mail.test", "+8801", "Merchandiser", "Five years in woven garments.", "Mark as shortlisted"])
      expect(html).toContain(text);
    // Every lead has a reference of its type, in the title and in the reply's subject.
    expect(html).toMatch(/<h1[^>]*>A-\d{4}-\d{5}: application from Rahim Uddin<\/h1>/);
    expect(html).toContain(`href="/staff/leads/${ids.career}/files/${ids.resume}"`);
    expect(html).toContain("cv &lt;rahim&gt;.pdf");
    expect(audit).toEqual([{ actor: staff.hr, action: "lead.view", target: `lead:${ids.career}` }]);
    expect(await (await get("/staff/leads", "hr")).text()).not.toContain("(unread)");

    const file = await get(`/staff/leads/${ids.career}/files/${ids.resume}`, "hr");
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/octet-stream");
    expect(file.headers.get("content-disposition")).toBe(`attachment; filename="cv <rahim>.pdf"; filename*=UTF-8''cv%20%3Crahim%3E.pdf`);
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await file.arrayBuffer()).toString()).toBe("%PDF-1.4 <script>alert(1)</script>");
  });

  it("refuses a wrong status step with a message, takes a right one with 303, and shows it in the history", async () => {
    const wrong = await post(`/staff/leads/${ids.contact}/status`, "sales", { from: "new", to: "closed" });
    expect(wrong.status).toBe(409);
    expect(await wrong.text()).toContain("A contact lead that is new cannot become closed: it can become in progress.");

    const right = await post(`/staff/leads/${ids.contact}/status`, "sales", { from: "new", to: "in_progress" });
    expect(right.status).toBe(303);
    expect(right.headers.get("location")).toBe(`/staff/leads/${ids.contact}`);
    const html = await (await get(`/staff/leads/${ids.contact}`, "sales")).text();
    expect(html).toContain("Now: in progress");
    expect(html).toContain("Sam Sales changed the status from new to in progress.");
    expect(html).toContain("Mark as answered");
    expect(audit[0]).toEqual({ actor: staff.sales, action: "lead.status", target: `lead:${ids.contact}`, detail: { from: "new", to: "in_progress" } });
    // The badge counts only what is still new.
    expect(await (await get("/staff/leads", "sales")).text()).toContain(">1 new lead</a>");
  });

  it("adds a note, keeps what was typed when it is refused, and assigns only to staff who may see the type", async () => {
    const long = "x".repeat(5001);
    const refused = await post(`/staff/leads/${ids.quote}/notes`, "sales", { note: long });
    expect(refused.status).toBe(409);
    const refusedHtml = await refused.text();
    expect(refusedHtml).toContain("The note is longer than 5000 characters.");
    expect(refusedHtml).toContain(long);

    expect((await post(`/staff/leads/${ids.quote}/notes`, "sales", { note: "Sent the price list <b>today</b>." })).status).toBe(303);
    expect((await post(`/staff/leads/${ids.quote}/assign`, "sales", { assignee: staff.hr.id })).status).toBe(400);
    expect((await post(`/staff/leads/${ids.quote}/assign`, "sales", { assignee: staff.sales.id })).status).toBe(303);
    const html = await (await get(`/staff/leads/${ids.quote}`, "sales")).text();
    expect(html).toContain("Sent the price list &lt;b&gt;today&lt;/b&gt;.");
    expect(html).toContain("Sam Sales assigned it to Sam Sales.");
    expect(await (await get(`/staff/leads?assignee=${staff.sales.id}`, "sales")).text()).toContain("Li Wei");
  });

  it("shows the lead's page again with the note as typed when it has a character no keyboard types", async () => {
    const refused = await post(`/staff/leads/${ids.quote}/notes`, "sales", { note: "Called Li\u0000 today." });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("The field &quot;note&quot; has a control character (U+0000), which no form sends.");
    expect(html).toMatch(/<textarea[^>]*name="note"[^>]*>Called Li\uFFFD today\.<\/textarea>/);
    expect(html).toContain('href="#note"');
    expect(audit).toEqual([]);
  });

  it("says about how many leads an estimated list has, and pages it by Next and Previous links that name the lead at the page's edge", async () => {
    for (let i = 0; i < 110; i++)
      await insertLead(handle.db, {
        form: "contact",
        fields: { name: `Bulk ${i}`, email: "b@b.b", message: "m" },
        receivedAt: new Date(Date.UTC(2025, 0, 1, 0, i)),
      });
    const estimating = (path: string) =>
      createInboxRoutes({
        db: handle.db,
        requireStaff: testGuard,
        recordAudit: async () => {},
        forbidden: (c) => forbiddenPage(c, c.get("staff")),
        page: kitPage,
        listStaff: async () => Object.values(staff),
        exactCountUpTo: { filter: 20, search: 5 },
      }).request(path, { headers: { "x-test-staff": "sales" } });
    const link = (html: string, rel: "next" | "prev") => new RegExp(`<a href="([^"]+)" rel="${rel}">`).exec(html)?.[1]?.replaceAll("&amp;", "&");

    const first = await (await estimating("/staff/leads?type=contact")).text();
    expect(first).toMatch(/<p role="status">about [\d,]+ leads<\/p>/);
    expect(first).toMatch(/Page 1 of about [\d,]+/);
    expect(first).toMatch(/Export these leads as CSV \(about [\d,]+\)/);
    const names = (html: string) => [...html.matchAll(/>(Bulk \d+|Jane Roe)</g)].map((m) => m[1]);
    const seen = names(first);
    let html = first;
    let pages = 1;
    for (let next = link(html, "next"); next; next = link(html, "next")) {
      expect(next).toMatch(/^\/staff\/leads\?type=contact&page=\d+&after=\d+$/);
      html = await (await estimating(next)).text();
      seen.push(...names(html));
      pages++;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(["Jane Roe", ...Array.from({ length: 110 }, (_, i) => `Bulk ${109 - i}`)]);
    expect(html).toContain('aria-current="page">3</a>');
    const previous = link(html, "prev")!;
    expect(previous).toMatch(/^\/staff\/leads\?type=contact&page=2&before=\d+$/);
    expect(names(await (await estimating(previous)).text())).toEqual(seen.slice(50, 100));
    // The last page, from the first: the oldest leads.
    const lastHref = /<a href="([^"]+)">Last page<\/a>/.exec(first)?.[1]?.replaceAll("&amp;", "&");
    expect(lastHref).toBe("/staff/leads?type=contact&page=last");
    expect(names(await (await estimating(lastHref!)).text())).toEqual(seen.slice(-50));
  });

  it("pages with aria-current on the page shown", async () => {
    for (let i = 0; i < 60; i++)
      await insertLead(handle.db, {
        form: "contact",
        fields: { name: `Bulk ${i}`, email: "b@b.b", message: "m" },
        receivedAt: new Date(Date.UTC(2025, 0, 1, 0, i)),
      });
    const html = await (await get("/staff/leads?page=2&type=contact", "sales")).text();
    expect(html).toContain("Page 2 of 2");
    expect(html).toMatch(/<a href="\/staff\/leads\?type=contact&amp;page=2" aria-label="Page 2" aria-current="page">2<\/a>/);
    expect(html).toMatch(/<a href="\/staff\/leads\?type=contact" rel="prev">Previous page<\/a>/);
  });
});

import type { MiddlewareHandler } from "hono";
import { Window } from "happy-dom";
import type { AuditEntry } from "../audit";
import { forbiddenPage, type StaffEnv } from "../guard";
import { beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { rows } from "../../db/db";
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
      now: () => new Date("2026-03-03T13:05:00Z"),
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

  it("shows each lead's language in the list and on its page, and filters by it with the list's GET form (decision 0164)", async () => {
    const german = await insertLead(handle.db, {
      form: "quote",
      fields: { name: "Jonas Weber", email: "jonas@haus.example", company: "Haus der Mode GmbH", country: "DE", products: [] },
      receivedAt: new Date("2026-03-05T10:00:00Z"),
    });
    await handle.db.execute(sql`update leads set locale = 'de' where id = ${german}`);

    const inbox = await (await get("/staff/leads", "sales")).text();
    expect(readPage(inbox).select("Language")).toEqual({ choices: ["Any language", "German (de)", "English (en)"], chosen: "Any language" });
    const rows = tableByCaption(inbox, "Leads, newest first");
    const language = rows[0]!.indexOf("Language");
    expect(rows.slice(1).map((row) => row[language])).toEqual(["German (de)", "English (en)", "English (en)"]);

    const filtered = readPage(await (await get("/staff/leads?locale=de", "sales")).text());
    expect(filtered.status()).toBe("1 lead");
    expect(filtered.select("Language")?.chosen).toBe("German (de)");
    const refused = await get("/staff/leads?locale=Deutsch!", "sales");
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Language &quot;Deutsch!&quot; is not a language code.");

    expect(readPage(await (await get(`/staff/leads/${german}`, "sales")).text()).details().Language).toBe("German (de)");
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
    const trials = tableByCaption(await (await get("/staff/leads?minimum=below", "sales")).text(), "Leads, newest first");
    const from = trials[0]!.indexOf("From");
    expect(trials.slice(1).map((row) => row[from])).toEqual(["Maria Lopez (unread)Tienda Pequeña SL, ES"]);
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
      "Language",
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

  /** Each lead's reference, by id. */
  const references = async () =>
    new Map((await rows<{ id: number | string; reference: string }>(handle.db, sql`select id, reference from leads`)).map((r) => [Number(r.id), r.reference]));
  /** A form with repeated fields (the ticked leads), posted as the browser posts it. */
  const postFields = (who: keyof typeof staff, fields: [string, string][]) =>
    app().request("/staff/leads/bulk", {
      method: "POST",
      headers: { "x-test-staff": who, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
  const ticked = (ids: number[]) => ids.map((id): [string, string] => ["lead", String(id)]);
  /** What a page says at its top after a bulk action (the layout's notice), and its error summary. */
  const told = (html: string) => {
    const { document } = new Window();
    document.write(html);
    const text = (selector: string) => (document.querySelector(selector)?.textContent ?? "").replace(/\s+/g, " ").trim();
    return { notice: text(".notice"), problems: text('[role="alert"]') || text(".error-summary") };
  };
  /** Follows a bulk action's 303 to the list it names. */
  const follow = async (response: Response, who: keyof typeof staff) => {
    expect(response.status).toBe(303);
    const location = response.headers.get("location")!;
    expect(location).toMatch(/^\/staff\/leads\?/);
    return { location, html: await (await get(location, who)).text() };
  };

  it("lists each lead's reference, as the label of its checkbox, and its age by the desk's clock", async () => {
    const html = await (await get("/staff/leads", "admin")).text();
    const table = tableByCaption(html, "Leads, newest first");
    expect(table[0]).toEqual(["Reference", "From", "Type", "Status", "Subject or products", "Language", "Received", "Age", "Assignee"]);
    const refs = await references();
    const newestFirst = [ids.career, ids.quote, ids.contact];
    expect(table.slice(1).map((row) => row[0])).toEqual(newestFirst.map((id) => refs.get(id)));
    expect(table.slice(1).map((row) => row[0])).toEqual([
      expect.stringMatching(/^A-2026-\d{5}$/),
      expect.stringMatching(/^Q-2026-\d{5}$/),
      expect.stringMatching(/^C-2026-\d{5}$/),
    ]);
    // Received 10:00 on the 3rd, 2nd and 1st of March; the clock says 13:05 on the 3rd.
    expect(table.slice(1).map((row) => row[table[0]!.indexOf("Age")])).toEqual(["3 h", "1 d", "2 d"]);
    expect(html).toContain('<time datetime="PT51H5M">2 d</time>');
    // Each checkbox is named by its lead's reference, for the list's one form.
    const { document } = new Window();
    document.write(html);
    const boxes = [...document.querySelectorAll('form[action="/staff/leads/bulk"] input[type="checkbox"][name="lead"]')];
    expect(boxes.map((box) => [box.getAttribute("value"), document.querySelector(`label[for="${box.id}"]`)?.textContent])).toEqual(
      newestFirst.map((id) => [String(id), refs.get(id)]),
    );
    // The table scrolls in its own focusable region on a phone (decision 0139).
    expect(html).toMatch(/<div class="table-frame" role="region" aria-label="Leads, newest first" tabindex="0">/);
  });

  it("offers the bulk actions with the list: assign to me, nobody or a colleague, a status of the role's types, read or unread", async () => {
    const html = await (await get("/staff/leads", "sales")).text();
    const page = readPage(html);
    expect(page.select("Assign to")).toEqual({ choices: ["Me (Sam Sales)", "nobody", "Ada Admin"], chosen: "Me (Sam Sales)" });
    expect(page.select("Set status to")).toMatchObject({ chosen: "choose a status" });
    expect(page.select("Set status to")?.choices).toEqual([
      "choose a status",
      "new",
      "in progress",
      "answered",
      "closed",
      "quoted",
      "accepted",
      "changes requested",
      "declined",
      "expired",
      "won",
      "lost",
    ]);
    for (const button of ["Assign", "Set status", "Mark as read", "Mark as unread"])
      expect(html).toMatch(new RegExp(`<button[^>]*name="action"[^>]*>${button}</button>`));
    expect(html).toContain("<legend>With the ticked leads</legend>");
    // No list, no actions.
    expect(await (await get("/staff/leads?q=nobody-matches-this", "sales")).text()).not.toContain("With the ticked leads");
  });

  it("sets the status of the ticked leads the workflow lets move, leaves the others as they were and says which and why, back on the same filtered list", async () => {
    const closed = await insertLead(handle.db, {
      form: "contact",
      fields: { name: "Ann Other", email: "ann@other.test", subject: "Towels" },
      status: "closed",
    });
    const refs = await references();
    const { location, html } = await follow(
      await postFields("sales", [
        ...ticked([ids.contact, ids.quote, closed]),
        ["action", "status"],
        ["status", "in_progress"],
        ["back", "type=contact&page=1&junk=1"],
      ]),
      "sales",
    );
    expect(location).toMatch(/^\/staff\/leads\?type=contact&page=1&bulk=status&/);
    expect(told(html).notice).toBe(`2 leads set to in progress; 1 left as it was: ${refs.get(closed)} is closed, its workflow is finished.`);
    expect(readPage(html).select("Type")?.chosen).toBe("contact");
    expect(audit.map((e) => [e.action, e.target, e.detail])).toEqual([
      ["lead.status", `lead:${ids.contact}`, { from: "new", to: "in_progress" }],
      ["lead.status", `lead:${ids.quote}`, { from: "new", to: "in_progress" }],
    ]);
    const table = tableByCaption(html, "Leads, newest first");
    expect(table.slice(1).map((row) => [row[0], row[3]])).toEqual([
      [refs.get(closed), "closed"],
      [refs.get(ids.contact), "in progress"],
    ]);

    // A move the workflow allows for none of them: nothing changes, each one is named with its reason.
    audit = [];
    const closing = await follow(await postFields("sales", [...ticked([ids.contact, ids.quote]), ["action", "status"], ["status", "closed"]]), "sales");
    expect(told(closing.html).notice).toBe(
      `No leads set to closed; 2 left as they were: ${refs.get(ids.contact)} is in progress, it can become answered; ${refs.get(ids.quote)} is in progress, it can become quoted.`,
    );
    const same = await follow(await postFields("sales", [...ticked([ids.contact]), ["action", "status"], ["status", "in_progress"]]), "sales");
    expect(told(same.html).notice).toBe(`No leads set to in progress; 1 left as it was: ${refs.get(ids.contact)} is already in progress.`);
    expect(audit).toEqual([]);
  });

  it("assigns the ticked leads to a colleague, me or nobody, each once, and leaves a lead whose type the assignee may not see with them", async () => {
    const refs = await references();
    const given = await follow(
      await postFields("admin", [...ticked([ids.contact, ids.quote, ids.career]), ["action", "assign"], ["assignee", staff.sales.id]]),
      "admin",
    );
    expect(told(given.html).notice).toBe(
      `2 leads assigned to Sam Sales; 1 left as it was: Sam Sales may not see ${refs.get(ids.career)}, an application lead.`,
    );
    expect(audit.map((e) => [e.action, e.target, e.detail])).toEqual([
      ["lead.assign", `lead:${ids.contact}`, { assignee: staff.sales.id }],
      ["lead.assign", `lead:${ids.quote}`, { assignee: staff.sales.id }],
    ]);
    const table = tableByCaption(given.html, "Leads, newest first");
    expect(table.slice(1).map((row) => [row[0], row[table[0]!.indexOf("Assignee")]])).toEqual([
      [refs.get(ids.career), "nobody"],
      [refs.get(ids.quote), "Sam Sales"],
      [refs.get(ids.contact), "Sam Sales"],
    ]);

    audit = [];
    const mine = await follow(await postFields("sales", [...ticked([ids.contact, ids.quote]), ["action", "assign"], ["assignee", staff.sales.id]]), "sales");
    expect(told(mine.html).notice).toBe(
      `No leads assigned to Sam Sales; 2 left as they were: ${refs.get(ids.contact)} is already Sam Sales's; ${refs.get(ids.quote)} is already Sam Sales's.`,
    );
    const nobody = await follow(await postFields("sales", [...ticked([ids.quote]), ["action", "assign"], ["assignee", "none"]]), "sales");
    expect(told(nobody.html).notice).toBe("1 lead given to nobody.");
    expect(audit.map((e) => [e.action, e.target, e.detail])).toEqual([["lead.assign", `lead:${ids.quote}`, { assignee: null }]]);
    // Whoever has the lead on its page says so too.
    expect(await (await get(`/staff/leads/${ids.quote}`, "sales")).text()).toContain("Sam Sales assigned it to nobody.");
  });

  it("marks the ticked leads read or unread for the one who ticks them", async () => {
    const unreadOf = async (who: keyof typeof staff) =>
      tableByCaption(await (await get("/staff/leads", who)).text(), "Leads, newest first")
        .slice(1)
        .filter((row) => row[1]!.includes("(unread)")).length;
    const read = await follow(await postFields("sales", [...ticked([ids.contact, ids.quote]), ["action", "read"]]), "sales");
    expect(told(read.html).notice).toBe("2 leads marked as read.");
    expect(await unreadOf("sales")).toBe(0);
    expect(await unreadOf("admin")).toBe(3);
    const unread = await follow(await postFields("sales", [...ticked([ids.quote]), ["action", "unread"]]), "sales");
    expect(told(unread.html).notice).toBe("1 lead marked as unread.");
    expect(await unreadOf("sales")).toBe(1);
    expect(audit).toEqual([]);
  });

  it("answers a malformed bulk post with the list and its reason (400), never changing anything; a lead the role may not see is as one that does not exist", async () => {
    const refused = async (who: keyof typeof staff, fields: [string, string][]) => {
      const response = await postFields(who, fields);
      expect(response.status).toBe(400);
      const html = await response.text();
      return { problems: told(html).problems, html };
    };
    expect((await refused("sales", [["action", "read"]])).problems).toContain("Tick at least one lead to change.");
    expect(
      (
        await refused("sales", [
          ["lead", "12abc"],
          ["action", "read"],
        ])
      ).problems,
    ).toContain("That request could not be understood.");
    expect((await refused("sales", [...ticked([ids.contact]), ["action", "delete"]])).problems).toContain(
      "Choose what to do with the ticked leads: assign, set a status, mark as read or unread.",
    );
    expect((await refused("sales", [...ticked([ids.contact]), ["action", "status"], ["status", "hired"]])).problems).toContain(
      "Choose a status from the list to set.",
    );
    expect((await refused("sales", [...ticked([ids.contact]), ["action", "status"], ["status", "bogus"]])).problems).toContain(
      "Choose a status from the list to set.",
    );
    expect((await refused("sales", [...ticked([ids.contact]), ["action", "assign"], ["assignee", staff.editor.id]])).problems).toContain(
      "Choose someone from the list to assign the ticked leads to.",
    );
    expect((await refused("sales", [...ticked(Array.from({ length: 101 }, (_, i) => i + 1)), ["action", "read"]])).problems).toContain(
      "Tick at most 100 leads at a time.",
    );
    expect((await refused("sales", [...ticked([ids.contact]), ["action", "status"], ["status", ""]])).problems).toContain(
      "Choose a status from the list to set.",
    );
    // An application's id, to sales, is the same as an id no lead has.
    const application = await refused("sales", [...ticked([ids.career]), ["action", "status"], ["status", "in_progress"], ["back", "status=new"]]);
    expect(application.problems).toContain("None of the ticked leads is there any more.");
    expect(application.html).not.toMatch(/Rahim|Merchandiser/);
    const unknown = await refused("sales", [...ticked([999_999]), ["action", "status"], ["status", "in_progress"], ["back", "status=new"]]);
    expect(unknown.html).toBe(application.html);
    // Among leads it may see, it is left out and counted, never named.
    const mixed = await follow(await postFields("sales", [...ticked([ids.contact, ids.career]), ["action", "status"], ["status", "in_progress"]]), "sales");
    expect(told(mixed.html).notice).toBe("1 lead set to in progress; 1 left as it was: a ticked lead is not there any more.");
    expect((await get(`/staff/leads/${ids.career}`, "hr")).status).toBe(200);
    expect(await (await get(`/staff/leads/${ids.career}`, "hr")).text()).toContain("Now: new");
    // Not a form at all; a role with no leads.
    const json = await app().request("/staff/leads/bulk", {
      method: "POST",
      headers: { "x-test-staff": "sales", "content-type": "application/json" },
      body: "{}",
    });
    expect(json.status).toBe(400);
    expect((await postFields("editor", [...ticked([ids.contact]), ["action", "read"]])).status).toBe(403);
    expect(audit.filter((e) => e.action !== "lead.view").map((e) => e.target)).toEqual([`lead:${ids.contact}`]);
  });
});

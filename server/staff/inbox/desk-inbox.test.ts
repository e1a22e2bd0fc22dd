import { sql } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { rows } from "../../db/db";
import { listAudit } from "../audit";
import { addTestAccount } from "../../../test-support/staff";
import { staffSuite } from "../../../test-support/staff-suite";
import { shortcutsScriptHash } from "../ui";
import { mountInbox, newLeadsBadge } from "./routes";
import { insertLead } from "../../../test-support/leads";

/** The inbox as `npm start` mounts it: real sign-in, the kit's guard, CSRF check and audit log. */
describe("the inbox in the staff desk", () => {
  const { leads, server, signedIn } = staffSuite("PGlite", {
    desk: {
      routes: [mountInbox],
      homeSections: [(desk, staff) => newLeadsBadge(desk.db, staff)],
      mailFrom: "SSL website <website@ssl.example>",
    },
  });

  it("lands sales on a home page with the count of new leads they may see; applications are not counted or shown", async () => {
    await insertLead(leads.db, { form: "contact", fields: { name: "Jane Roe", email: "jane@acme.test", message: "Hello" } });
    await insertLead(leads.db, {
      form: "quote",
      fields: {
        name: "Li Wei",
        email: "li@harbour.test",
        company: "Harbour",
        products: [{ product: "men/denim-jacket", quantity: 500, colours: 1, sizes: "M", targetPrice: "", currency: "USD", notes: "" }],
        message: "Price?",
      },
    });
    const career = await insertLead(leads.db, { form: "career", fields: { name: "Rahim Uddin", email: "r@mail.test", position: "Merchandiser" } });
    await addTestAccount(leads.db, "sales");
    const browser = server.browser();
    const signedIn = await browser.signIn("sales@example.com");
    expect(signedIn.headers.get("location")).toBe("/staff");
    const home = await (await browser.request("/staff")).text();
    expect(home).toContain('<a href="/staff/leads?status=new" class="button secondary">2 new leads</a>');

    const inbox = await browser.request("/staff/leads");
    expect(inbox.status).toBe(200);
    // No script but the keyboard shortcuts' one, by its hash (decision 0154).
    expect(inbox.headers.get("content-security-policy")).toContain(`script-src '${shortcutsScriptHash}';`);
    const html = await inbox.text();
    expect(html).toContain('<a href="/staff/leads" aria-current="page" accesskey="i">Inbox</a>');
    expect(html).toContain("Li Wei");
    expect(html).not.toContain("Rahim");

    // An application's id answers as an id that does not exist.
    const application = await browser.request(`/staff/leads/${career}`);
    expect(application.status).toBe(404);
    const page = await application.text();
    expect(page).not.toMatch(/Rahim|Merchandiser/);
    expect(page).toBe(await (await browser.request(`/staff/leads/${career + 1000}`)).text());
  });

  it("refuses an editor (403, no count) and sends a visitor to sign in", async () => {
    const lead = await insertLead(leads.db, { form: "contact", fields: { name: "Jane Roe", email: "jane@acme.test", message: "Hello" } });
    const editor = await signedIn("editor");
    expect(await (await editor.request("/staff")).text()).not.toMatch(/new lead/);
    const refused = await editor.request("/staff/leads");
    expect(refused.status).toBe(403);
    expect(await refused.text()).not.toMatch(/Jane|new lead/);

    const visitor = await server.browser().request("/staff/leads?q=jane");
    expect(visitor.status).toBe(303);
    expect(visitor.headers.get("location")).toBe("/staff/sign-in?next=%2Fstaff%2Fleads%3Fq%3Djane");
    // A customer's page (decision 0149) is behind the same guard.
    const customer = await server.browser().request(`/staff/leads/${lead}/customer`);
    expect(customer.status).toBe(303);
    expect(customer.headers.get("location")).toBe(`/staff/sign-in?next=%2Fstaff%2Fleads%2F${lead}%2Fcustomer`);
    expect((await editor.request(`/staff/leads/${lead}/customer`)).status).toBe(403);
  });

  it("records a view, a status change and a note in the audit log; a change from another site is refused", async () => {
    const id = await insertLead(leads.db, { form: "contact", fields: { name: "Jane Roe", email: "jane@acme.test", message: "Hello" } });
    const browser = await signedIn("sales");
    expect((await browser.request(`/staff/leads/${id}`)).status).toBe(200);
    expect((await browser.post(`/staff/leads/${id}/status`, { from: "new", to: "in_progress" })).status).toBe(303);
    expect((await browser.post(`/staff/leads/${id}/notes`, { note: "Called back." })).status).toBe(303);
    const crossSite = await browser.post(`/staff/leads/${id}/notes`, { note: "forged" }, { origin: "https://evil.example", "sec-fetch-site": "cross-site" });
    expect(crossSite.status).toBe(403);
    const entries = await listAudit(leads.db, { action: "lead." });
    expect(entries.map((e) => [e.action, e.target, e.actorEmail])).toEqual([
      ["lead.note", `lead:${id}`, "sales@example.com"],
      ["lead.status", `lead:${id}`, "sales@example.com"],
      ["lead.view", `lead:${id}`, "sales@example.com"],
    ]);
    const page = await (await browser.request(`/staff/leads/${id}`)).text();
    expect(page).toContain("Called back.");
    expect(page).not.toContain("forged");
  });

  it("e-mails a member of staff a link to a lead someone else gives them, and nothing of the sender; no e-mail to whoever takes it", async () => {
    const id = await insertLead(leads.db, {
      form: "contact",
      fields: { name: "Jane Roe", email: "jane@acme.test", subject: "Knitwear for spring", message: "We need 2,000 cardigans." },
      receivedAt: new Date("2026-03-01T10:00:00Z"),
    });
    await addTestAccount(leads.db, "admin");
    const { id: salesId } = await addTestAccount(leads.db, "sales");
    const jobs = () =>
      rows<{ kind: string; recipients: string; eml: Uint8Array }>(leads.db, sql`select kind, recipients, eml from mail_jobs where lead_id = ${id} order by id`);

    // Sales takes it: no e-mail. Sales gives it back to nobody: none either.
    const sales = server.browser();
    await sales.signIn("sales@example.com");
    expect((await sales.post(`/staff/leads/${id}/assign`, { assignee: salesId })).status).toBe(303);
    expect((await sales.post(`/staff/leads/${id}/assign`, { assignee: "" })).status).toBe(303);
    expect(await jobs()).toEqual([]);

    // The administrator, behind a proxy that says HTTPS, gives it to sales: one e-mail, to sales.
    const admin = server.browser({ https: true, forwardedFor: "198.51.100.20" });
    await admin.signIn("admin@example.com");
    expect((await admin.post(`/staff/leads/${id}/assign`, { assignee: salesId })).status).toBe(303);
    // Given again to the one who has it: nothing changes, nothing more is sent.
    expect((await admin.post(`/staff/leads/${id}/assign`, { assignee: salesId })).status).toBe(303);
    const [job, ...more] = await jobs();
    expect(more).toEqual([]);
    expect(job!.kind).toMatch(/^assigned:\d+$/);
    expect(job!.recipients).toBe("sales@example.com");
    const mail = await simpleParser(Buffer.from(job!.eml));
    const [{ reference }] = (await rows<{ reference: string }>(leads.db, sql`select reference from leads where id = ${id}`)) as [{ reference: string }];
    expect(reference).toMatch(/^C-2026-\d{5}$/);
    expect(mail.subject).toBe(`Assigned to you: ${reference} (contact)`);
    expect(mail.from?.text).toBe('"SSL website" <website@ssl.example>');
    expect(mail.to && "text" in mail.to ? mail.to.text : "").toBe('"Sales Person" <sales@example.com>');
    expect(mail.messageId).toMatch(/@ssl\.example>$/);
    expect(mail.text).toContain(`Admin Person gave you ${reference}, a contact lead received 2026-03-01 10:00 UTC.`);
    expect(mail.text).toContain("Subject: Knitwear for spring");
    expect(mail.text).toContain(`${server.url.replace("http:", "https:")}/staff/leads/${id}`);
    expect(mail.text).not.toMatch(/Jane|jane@acme\.test|cardigans/);
    // The history says who gave it to whom, as before.
    expect(await (await admin.request(`/staff/leads/${id}`)).text()).toContain("Admin Person assigned it to Sales Person.");

    // The audit log names the assignee (or says unassigned), never the account's id; its filter offers assignments.
    const audit = await (await admin.request("/staff/audit")).text();
    expect(audit).toContain("assigned to Sales Person");
    expect(audit).toContain("unassigned");
    expect(audit).not.toContain(salesId);
    expect(audit).not.toContain("&quot;assignee&quot;");
    const assignments = await (await admin.request("/staff/audit?action=lead.assign")).text();
    expect(assignments).toContain('<option value="lead.assign" selected="">lead.assign</option>');
    expect(assignments.match(/<td>lead\.assign<\/td>/g)).toHaveLength(4);
  }, 30_000);

  it("changes ticked leads from the list through the desk: CSRF checked, each change audited, each lead given to someone else e-mailed to them", async () => {
    const contact = await insertLead(leads.db, { form: "contact", fields: { name: "Jane Roe", email: "jane@acme.test", subject: "Towels", message: "Hello" } });
    const quote = await insertLead(leads.db, {
      form: "quote",
      fields: {
        name: "Li Wei",
        email: "li@harbour.test",
        products: [{ product: "men/denim-jacket", quantity: 500, colours: 1, sizes: "M", targetPrice: "", currency: "USD", notes: "" }],
        message: "Price?",
      },
    });
    const { id: adminId } = await addTestAccount(leads.db, "admin");
    const browser = await signedIn("sales");
    const list = await (await browser.request("/staff/leads")).text();
    expect(list).toContain('<form method="post" action="/staff/leads/bulk" class="bulk">');
    const form = (fields: [string, string][]) => new URLSearchParams([["lead", String(contact)], ["lead", String(quote)], ...fields]).toString();
    const post = (body: string, origin = server.url) =>
      browser.request("/staff/leads/bulk", { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded", origin } });

    // From another site: refused before anything is read.
    const forged = await post(
      form([
        ["action", "assign"],
        ["assignee", adminId],
      ]),
      "https://evil.example",
    );
    expect(forged.status).toBe(403);
    expect(await rows(leads.db, sql`select 1 from lead_events`)).toEqual([]);

    const given = await post(
      form([
        ["action", "assign"],
        ["assignee", adminId],
        ["back", "q=towels"],
      ]),
    );
    expect(given.status).toBe(303);
    const location = given.headers.get("location")!;
    expect(location).toMatch(/^\/staff\/leads\?q=towels&bulk=assign&/);
    const after = await (await browser.request(location)).text();
    expect(after).toContain('<p class="notice" role="status">2 leads assigned to Admin Person.</p>');
    expect(after).toContain('value="towels"');

    const jobs = await rows<{ lead_id: number | string; recipients: string; eml: Uint8Array }>(
      leads.db,
      sql`select lead_id, recipients, eml from mail_jobs order by lead_id`,
    );
    expect(jobs.map((j) => [Number(j.lead_id), j.recipients])).toEqual([
      [contact, "admin@example.com"],
      [quote, "admin@example.com"],
    ]);
    expect((await simpleParser(Buffer.from(jobs[1]!.eml))).subject).toMatch(/^Assigned to you: Q-2026-\d{5} \(quote\)$/);

    const moved = await post(
      form([
        ["action", "status"],
        ["status", "in_progress"],
      ]),
    );
    expect(moved.status).toBe(303);
    const entries = await listAudit(leads.db, { action: "lead." });
    expect(entries.map((e) => [e.action, e.target, e.actorEmail]).sort()).toEqual(
      [
        ["lead.assign", `lead:${contact}`, "sales@example.com"],
        ["lead.assign", `lead:${quote}`, "sales@example.com"],
        ["lead.status", `lead:${contact}`, "sales@example.com"],
        ["lead.status", `lead:${quote}`, "sales@example.com"],
      ].sort(),
    );
  }, 30_000);

  it("keeps each member's saved views above the list as links to their filter, deletable by them only", async () => {
    await insertLead(leads.db, { form: "contact", fields: { name: "Jane Roe", email: "jane@acme.test", message: "Hello" } });
    const sales = await signedIn("sales");
    const empty = await (await sales.request("/staff/leads")).text();
    expect(empty).toContain('<h2 id="views-heading">Saved views</h2>');
    expect(empty).toContain("No saved views yet: filter the list, then save the filter under a name.");
    // Nothing to save without a filter.
    expect(empty).not.toContain("Save this filter as a view named");
    expect(await (await sales.request("/staff/leads?type=quote&status=new")).text()).toContain("Save this filter as a view named");

    const saved = await sales.post("/staff/leads/views", { name: "  New quotes ", back: "type=quote&status=new&page=2&bogus=1" });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/staff/leads?type=quote&status=new");
    const listed = await (await sales.request("/staff/leads?type=quote&status=new")).text();
    expect(listed).toMatch(/<a href="\/staff\/leads\?type=quote&amp;status=new" aria-current="page">New quotes<\/a>/);
    expect(listed).toContain('aria-label="Delete the view New quotes"');
    expect(await (await sales.request("/staff/leads")).text()).toMatch(/<a href="\/staff\/leads\?type=quote&amp;status=new">New quotes<\/a>/);

    // Refused, with the reason at the name and the name as typed; from another site, refused before.
    const problem = async (form: Record<string, string>) => {
      const response = await sales.post("/staff/leads/views", form);
      expect(response.status).toBe(400);
      return response.text();
    };
    expect(await problem({ name: " ", back: "status=new" })).toContain("Name the view to save it.");
    expect(await problem({ name: "Everything", back: "" })).toContain("Filter the list first: a view saves the filter shown.");
    const long = await problem({ name: "x".repeat(61), back: "status=new" });
    expect(long).toContain("A view&#39;s name is at most 60 characters.");
    expect(long).toContain(`value="${"x".repeat(61)}"`);
    expect(
      (await sales.post("/staff/leads/views", { name: "Forged", back: "status=new" }, { origin: "https://evil.example", "sec-fetch-site": "cross-site" }))
        .status,
    ).toBe(403);

    // Another member sees none of them and cannot delete them: as a view that does not exist.
    const id = /action="\/staff\/leads\/views\/(\d+)\/delete"/.exec(listed)![1]!;
    const admin = await signedIn("admin");
    expect(await (await admin.request("/staff/leads")).text()).not.toContain("New quotes");
    expect((await admin.post(`/staff/leads/views/${id}/delete`, {})).status).toBe(404);
    expect((await sales.post("/staff/leads/views/abc/delete", {})).status).toBe(404);
    const deleted = await sales.post(`/staff/leads/views/${id}/delete`, { back: "type=contact" });
    expect(deleted.status).toBe(303);
    expect(deleted.headers.get("location")).toBe("/staff/leads?type=contact");
    expect(await (await sales.request("/staff/leads")).text()).not.toContain("New quotes");
    expect((await sales.post(`/staff/leads/views/${id}/delete`, {})).status).toBe(404);
  }, 30_000);
});

import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { quotationSettingsDefaults } from "../app/lib/contracts/server-settings";
import { rows } from "./db/db";
import { insertLead } from "../test-support/leads";
import { harbourQuoteRequest, requestedDenimJacket, sendQuotationDraft } from "../test-support/quotations";
import { addTestAccount } from "../test-support/staff";
import { staffSuite } from "../test-support/staff-suite";
import { inboxWith } from "./staff/inbox/routes";
import { quotationRenderer } from "./staff/quotations/documents";
import { mountQuotations, quotationLeadSection } from "./staff/quotations/routes";
import { mountResponseTargets } from "./staff/response-targets-page";
import { mountQuotationFollowUp } from "./staff/quotations/follow-up-settings-page";
import { quotationSender } from "./staff/quotations/send";

// Malformed input never answers 500 and the log keeps no private data (decision 0134): the defects an
// outside probe found, then a bounded pass over every route the app has (Hono's own list), on loopback.

const request = harbourQuoteRequest([requestedDenimJacket]);

describe("malformed input on pglite", () => {
  const now = () => new Date("2026-11-28T09:00:00Z");
  let clientRoot: string;
  const { leads, server, signedIn } = staffSuite("PGlite", async (db) => {
    clientRoot = await mkdtemp(join(tmpdir(), "fuzz-site-"));
    // An empty published tree (decision 0159): every content file is a draft, and Changes to publish takes posts.
    await mkdir(join(clientRoot, "published/content"), { recursive: true });
    await writeFile(join(clientRoot, "404.html"), "<h1>Oops!</h1>");
    await writeFile(join(clientRoot, "index.html"), "<h1>Home</h1>");
    const settings = () => quotationSettingsDefaults;
    const render = quotationRenderer({ settings, logo: async () => undefined });
    return {
      desk: {
        routes: [
          inboxWith({ leadSections: [quotationLeadSection] }),
          mountQuotations({
            settings,
            now,
            pdf: render,
            send: (desk) => quotationSender({ desk, render, settings, now, origin: () => "http://www.ssl.example" }),
          }),
          mountResponseTargets,
          mountQuotationFollowUp,
        ],
        mailFrom: "SSL website <website@ssl.example>",
        mailAddresses: { sales: "sales@ssl.example" },
      },
      app: {
        clientDir: clientRoot,
        mail: { database: db, rateLimit: { max: 0, windowMs: 60_000 } },
        quotations: { db, now, rateLimit: { max: 0, windowMs: 60_000 }, mail: { from: "SSL website <website@ssl.example>", sales: "sales@ssl.example" } },
      },
      studio: { publishedContentDir: join(clientRoot, "published/content") },
    };
  });
  afterAll(async () => {
    await rm(clientRoot, { recursive: true, force: true });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** A quote lead with a quotation sent: its id and the buyer's private path /quotation/{token}. */
  async function sentQuotation() {
    const id = await insertLead(leads.db, { form: "quote", fields: request, reference: "Q-2026-00042" });
    const { id: salesId } = await addTestAccount(leads.db, "sales");
    await leads.db.execute(sql`update leads set assignee_id = ${salesId} where id = ${id}`);
    const sales = server.browser();
    await sales.signIn("sales@example.com");
    expect((await sales.post(`/staff/leads/${id}/quotation/draft`, {})).status).toBe(303);
    const [draft] = await rows<{ id: number | string }>(leads.db, sql`select id from quotations where lead_id = ${id} and status = 'draft'`);
    const { response: sent } = await sendQuotationDraft(sales, id, {
      quotation: String(draft!.id),
      lines: "1",
      intent: "send",
      validUntil: "2026-12-28",
      incoterm: "FOB",
      namedPlace: "Chittagong",
      "line-0-product": "Men Denim Jacket",
      "line-0-quantity": "1500",
      "line-0-colours": "3",
      "line-0-sizes": "S-XL",
      "line-0-price": "9.25",
      "line-0-currency": "EUR",
    });
    expect(sent.status, await sent.clone().text()).toBe(303);
    const [job] = await rows<{ eml: Uint8Array }>(
      leads.db,
      sql`select eml from mail_jobs where lead_id = ${id} and kind like 'quotation:%' order by id desc limit 1`,
    );
    const mail = await simpleParser(Buffer.from(job!.eml));
    const path = /http:\/\/[^/\s]+(\/quotation\/[A-Za-z0-9_-]{43})/.exec(mail.text ?? "")![1]!;
    return { id, path };
  }

  const audit = () =>
    rows<{ action: string; actor_email: string; detail: unknown }>(leads.db, sql`select action, actor_email, detail from staff_audit order by id`);

  it("refuses NUL at sign-in with a 400 that keeps the typed address, audited as a failed sign-in", async () => {
    const browser = server.browser();
    const res = await browser.post("/staff/sign-in", { email: "a\u0000@b", password: "x", next: "/staff" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("has a character that cannot be typed");
    expect(html).toContain('value="a\uFFFD@b"');
    const [entry] = await audit();
    expect(entry).toMatchObject({ action: "sign-in.failed", actor_email: "a\uFFFD@b" });
  });

  it("sends a contact message with NUL to the message's not-sent page, and the EmailJS endpoint answers 400 naming the parameter", async () => {
    const browser = server.browser();
    const res = await browser.post("/api/v1.0/email/form/contact", { name: "Ada", email: "ada@example.com", subject: "Knitwear", message: "hello\u0000world" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/contact/not-sent/message");
    const json = await browser.request("/api/v1.0/email/send", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        user_id: "ssl-local-public-key",
        service_id: "ssl_local",
        template_id: "contact_form",
        template_params: { name: "Ada", email: "ada@example.com", subject: "Hi", message: "hello\u0000world" },
      }),
    });
    expect(json.status).toBe(400);
  });

  it("shows the quotation's accept form again with the typed name when it has NUL", async () => {
    const { path } = await sentQuotation();
    const res = await server.browser().post(`${path}/accept`, { name: "Ann\u0000a", position: "CEO" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Ann\uFFFDa");
    expect(html).toContain("has a control character (U+0000)");
  });

  it("answers 400 with a reason to crafted staff parameters, and the CSV fails before its first byte", async () => {
    const admin = await signedIn("admin");
    for (const path of [
      "/staff/leads?from=0000-01-01",
      "/staff/leads?to=0000-01-01",
      "/staff/leads?q=%00",
      "/staff/leads?assignee=%00",
      "/staff/leads/export.csv?q=%00",
      "/staff/leads/export.csv?from=0000-01-01",
      "/staff/history?before=1e20",
      "/staff/history?before=99999999999999999999",
      "/staff/history?from=0000-01-01",
      "/staff/history?to=0000-01-01",
      "/staff/history?who=%00",
      "/staff/history?type=collection:%00",
      "/staff/audit?q=%00",
    ]) {
      const res = await admin.request(path);
      expect(res.status, path).toBe(400);
      expect(await res.text(), path).toMatch(/is not a date|is not a whole number|has a control character/);
    }
    // A note with NUL: the lead's page again with the note as typed (server/staff/inbox/routes.test.ts).
  });

  it("logs a failed request without the buyer's token or what he typed", async () => {
    const { path } = await sentQuotation();
    const token = path.split("/").at(-1)!;
    // The answer cannot be stored: the database refuses it, as a full disk or a broken constraint would.
    await leads.db.execute(sql`alter table quotations add constraint fuzz_refuses check (responder_name is null)`);
    const logged: string[] = [];
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(" ")));
    try {
      const res = await server.browser().post(`${path}/accept`, { name: "Annabel Typed", position: "Chief Buyer" });
      expect(res.status).toBe(500);
    } finally {
      await leads.db.execute(sql`alter table quotations drop constraint fuzz_refuses`);
    }
    const log = logged.join("\n");
    expect(log).toContain("POST /quotation/{token}/accept failed");
    for (const secret of [token, "Annabel Typed", "Chief Buyer", "params:"]) expect(log).not.toContain(secret);
  });

  /** What the probe sends: NUL and other controls, a lone surrogate, days out of range, huge and negative numbers. */
  const values = ["\u0000", "a\u0001b\u007f", "\ud800", "0000-01-01", "10000-01-01", "1e20", "99999999999999999999", "-1"];
  /** Every parameter name a route of the app reads from its query or form (and a few it does not). */
  const names = [
    "q",
    "from",
    "to",
    "before",
    "after",
    "page",
    "type",
    "status",
    "assignee",
    "who",
    "slug",
    "action",
    "next",
    "notice",
    "ref",
    "item",
    "done",
    "account",
    "path",
    "side",
    "restored",
    "file",
    "key",
    "lead",
    "back",
    "bulk",
    "changed",
    "target",
    "kept",
    "gone",
  ];
  const formNames = [
    ...names,
    "email",
    "password",
    "name",
    "position",
    "message",
    "reason",
    "subject",
    "phone",
    "coverLetter",
    "note",
    "body",
    "template",
    "role",
    "quotation",
    "lines",
    "intent",
    "validUntil",
    "text",
    "stamp",
    "version",
    "token",
    "quotes",
    "current-password",
    "new-password",
    // A follow-up date and the first-response targets' settings (decision 0153); `days` the quotation follow-up's too (decision 0158).
    "date",
    "days",
    "start",
    "end",
    "hours-quote",
    "hours-contact",
    "hours-career",
    // The keyboard shortcuts' on/off (decision 0154).
    "shortcuts",
    // Changes to publish (decision 0159): the ticked entries, the action, the schedule's time, the approval setting.
    "entry",
    "do",
    "time",
    "approval",
    // …the versions the page showed and who approves (its diffs' page); a restore's confirmation over a draft.
    "seen",
    "approvers",
    "drafts",
  ];
  /** A value in a URL; a lone surrogate as the bytes it would be in UTF-8 (%ED%A0%80), which no encoder writes. */
  const encode = (value: string) => value.split("\ud800").map(encodeURIComponent).join("%ED%A0%80");

  // A ceiling, not a timing: about a thousand requests take 30–45 s here, several times that beside a browser pass.
  it("answers no request of a bounded pass over every route with 500", { timeout: 240_000 }, async () => {
    const { id: leadId, path: quotationPath } = await sentQuotation();
    const admin = await signedIn("admin");
    const routes = [
      ...new Map(
        server.routes.filter((r) => r.method === "GET" || r.method === "POST" || r.method === "ALL").map((r) => [`${r.method} ${r.path}`, r]),
      ).values(),
    ];
    expect(routes.length).toBeGreaterThan(30);
    const token = quotationPath.split("/").at(-1)!;
    /** A route's path with its parameters filled: a real lead and quotation, or `value` in each. */
    const filled = (path: string, value?: string) =>
      path
        .replace(/\/\*$/, "/x")
        .replace(/:token(\{[^}]*\})?/, value === undefined ? token : encode(value))
        .replace(/:id(\{[^}]*\})?/g, value === undefined ? String(leadId) : encode(value))
        .replace(/:version(\{[^}]*\})?/, "v1")
        .replace(/:action(\{[^}]*\})?/, "accept")
        .replace(/:[a-zA-Z]+(\{[^}]*\})?/g, value === undefined ? "x" : encode(value));
    const requests: Array<{ method: string; path: string; form?: Record<string, string>; headers?: Record<string, string> }> = [];
    for (const route of routes) {
      if (route.path === "*" || route.path === "/*") continue;
      // Signing out would end the pass's session; deleting the lead would leave the rest nothing to read.
      if (/sign-out|\/delete$/.test(route.path)) continue;
      const methods = route.method === "ALL" ? ["GET", "POST"] : [route.method];
      for (const method of methods) {
        const base = filled(route.path);
        for (const value of values) {
          const query = names.map((name) => `${name}=${encode(value)}`).join("&");
          if (method === "GET") requests.push({ method, path: `${base}?${query}` });
          else requests.push({ method, path: base, form: Object.fromEntries(formNames.map((name) => [name, value])) });
          if (/:[a-z]/i.test(route.path)) requests.push({ method, path: filled(route.path, value), ...(method === "POST" ? { form: { note: "x" } } : {}) });
        }
        if (method === "GET")
          for (const name of names)
            for (const value of ["\u0000", "0000-01-01", "99999999999999999999"]) requests.push({ method, path: `${base}?${name}=${encode(value)}` });
        requests.push({ method, path: base, headers: { "accept-language": Array.from({ length: 40_000 }, () => "en").join(",") } });
      }
    }
    const failures: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < requests.length) {
        const { method, path, form, headers } = requests[next++]!;
        const res = form ? await admin.post(path, form, headers) : await admin.request(path, { method, headers });
        await res.arrayBuffer().catch(() => {});
        if (res.status >= 500) failures.push(`${method} ${path.slice(0, 200)} → ${res.status}`);
      }
    };
    await Promise.all([worker(), worker(), worker()]);
    expect(failures).toEqual([]);
    expect(requests.length).toBeGreaterThan(1000);
  });
});

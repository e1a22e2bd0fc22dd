import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { quotationSettingsDefaults } from "../../app/lib/contracts/server-settings";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { quotationSettingsFromContent, quotationSettingsFromCopy } from "../../test-support/quotation-content";
import { storeInboundMessages } from "../leads/conversations";
import { createLiveSite, type LiveSite, type ServedSite } from "../platform/live-site";
import { rows } from "../db/db";
import { insertLead } from "../../test-support/leads";
import { harbourQuoteRequest, sendQuotationDraft } from "../../test-support/quotations";
import { addTestAccount, type TestBrowser } from "../../test-support/staff";
import { staffSuite } from "../../test-support/staff-suite";
import { inboxWith } from "../staff/inbox/routes";
import { quotationRenderer } from "../staff/quotations/documents";
import { mountQuotations, quotationLeadSection } from "../staff/quotations/routes";
import { quotationSender } from "../staff/quotations/send";

const request = harbourQuoteRequest();

/** The site's public origin (SITE_URL): every link in mail to the buyer starts with it. */
const publicOrigin = "https://www.ssl.example";

const pdfText = async (bytes: Uint8Array) => (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text.replace(/\s+/g, " ");

// On PGlite: the quotations' SQL is the store's (server/leads/quotations.test.ts on both drivers); the buyer's
// answers on PostgreSQL in server/desk-on-postgresql.test.ts (decision 0143).
describe.each(["PGlite"] as const)("the buyer's quotation page on %s", (driver) => {
  let clock = new Date("2026-11-28T09:00:00Z");
  const now = () => clock;

  // The build being served, as index.ts has it: a publish swaps in the studio's new words (server-settings.json).
  let site: LiveSite;
  let initial: ServedSite;
  let clientRoot: string;

  const { leads, server } = staffSuite(driver, async (db) => {
    clientRoot = await mkdtemp(join(tmpdir(), "quotation-site-"));
    await writeFile(join(clientRoot, "404.html"), "<h1>Oops!</h1>");
    initial = { clientDir: clientRoot, cspHashes: {} };
    site = createLiveSite(initial);
    const settings = () => site.current.quotation ?? quotationSettingsDefaults;
    const render = quotationRenderer({ settings, logo: async () => undefined });
    return {
      desk: {
        routes: [
          inboxWith({ leadSections: [quotationLeadSection] }),
          mountQuotations({ settings, now, pdf: render, send: (desk) => quotationSender({ desk, render, settings, now, origin: () => publicOrigin }) }),
        ],
        mailFrom: "SSL website <website@ssl.example>",
        mailAddresses: { sales: "sales@ssl.example" },
      },
      app: { site, quotations: { db, now, mail: { from: "SSL website <website@ssl.example>", sales: "sales@ssl.example" } } },
    };
  });
  afterAll(async () => {
    await rm(clientRoot, { recursive: true, force: true });
  });
  beforeEach(() => {
    clock = new Date("2026-11-28T09:00:00Z");
    site.swap(initial);
  });

  /** A buyer's browser: no session; its posts come from the page (same origin). */
  const buyer = () => server.browser();
  const mailJobs = (leadId: number) =>
    rows<{ kind: string; recipients: string; eml: Uint8Array }>(
      leads.db,
      sql`select kind, recipients, eml from mail_jobs where lead_id = ${leadId} order by id`,
    );

  async function sendVersion(sales: TestBrowser, id: number, prices: [string, string], more: Record<string, string> = {}) {
    expect((await sales.post(`/staff/leads/${id}/quotation/draft`, {})).status).toBe(303);
    const [draft] = await rows<{ id: number | string }>(leads.db, sql`select id from quotations where lead_id = ${id} and status = 'draft'`);
    const { response: sent } = await sendQuotationDraft(sales, id, {
      quotation: String(draft!.id),
      lines: "2",
      intent: "send",
      validUntil: "2026-12-28",
      incoterm: "FOB",
      namedPlace: "Chittagong",
      "line-0-product": "Men Denim Jacket",
      "line-0-quantity": "1500",
      "line-0-colours": "3",
      "line-0-sizes": "S-XL",
      "line-0-price": prices[0],
      "line-0-currency": "EUR",
      "line-1-product": "Men Hoodie",
      "line-1-quantity": "600",
      "line-1-colours": "2",
      "line-1-sizes": "M-XXL",
      "line-1-price": prices[1],
      "line-1-currency": "USD",
      ...more,
    });
    expect(sent.status, await sent.clone().text()).toBe(303);
    const job = (await mailJobs(id)).filter((j) => j.kind.startsWith("quotation:")).at(-1)!;
    const mail = await simpleParser(Buffer.from(job.eml));
    const link = /(https?:\/\/[^/\s]+)(\/quotation\/[A-Za-z0-9_-]{43})/.exec(mail.text ?? "");
    return { mail, recipients: job.recipients, origin: link![1]!, path: link![2]! };
  }

  /** Every message of a quote lead's thread has this subject, its acknowledgement's (decision 0135): the reference tag threads an answer that lost its headers. */
  const subject = "Re: Your quote request [Q-2026-00042]";

  async function quotedLead() {
    const id = await insertLead(leads.db, { form: "quote", fields: request, reference: "Q-2026-00042" });
    const { id: salesId } = await addTestAccount(leads.db, "sales");
    await leads.db.execute(sql`update leads set assignee_id = ${salesId} where id = ${id}`);
    const sales = server.browser();
    await sales.signIn("sales@example.com");
    return { id, sales };
  }

  it("sends a PDF and a private link; the buyer asks for changes without script, v2 supersedes v1, the buyer accepts v2; each step on the timeline and told to the assignee", async () => {
    const { id, sales } = await quotedLead();
    const v1 = await sendVersion(sales, id, ["9.25", "6.40"]);
    expect(v1.recipients).toBe("li@harbour.test");
    expect(v1.mail.subject).toBe(subject);
    const [attachment] = v1.mail.attachments;
    expect(attachment!.filename).toBe("Q-2026-00042-v1.pdf");
    const text = await pdfText(attachment!.content);
    for (const expected of ["Quotation Q-2026-00042 v1", "Valid until: 28 December 2026", "Men Denim Jacket", "Men Hoodie", "EUR 13,875.00", "USD 3,840.00"])
      expect(text).toContain(expected);
    expect((await rows<{ status: string }>(leads.db, sql`select status from leads where id = ${id}`))[0]!.status).toBe("quoted");
    // Only the token's hash is stored.
    const token = v1.path.split("/").at(-1)!;
    expect(JSON.stringify(await rows(leads.db, sql`select * from quotations`))).not.toContain(token);

    const page = await buyer().request(v1.path);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(page.headers.get("content-security-policy")).toContain("script-src 'none'");
    const html = await page.text();
    // The browser applies the page's own stylesheet only if its text, as written, has a hash the policy names.
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1];
    expect(style, "the page's stylesheet").toBeTruthy();
    expect(page.headers.get("content-security-policy")).toContain(`'sha256-${createHash("sha256").update(style!, "utf8").digest("base64")}'`);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).not.toContain("<script");
    expect(html).toContain("Open: you can accept it until the end of 28 December 2026 (UTC), 30 days left.");
    expect(html).toContain("EUR 13,875.00");
    const pdf = await buyer().request(`${v1.path}/pdf`);
    expect(Buffer.from(await pdf.arrayBuffer()).equals(attachment!.content)).toBe(true);

    // A post from another site is refused; from the page, the message lands on the timeline.
    const forged = await buyer().post(`${v1.path}/changes`, { message: "forged" }, { origin: "https://evil.example", "sec-fetch-site": "cross-site" });
    expect(forged.status).toBe(403);
    const asked = await buyer().post(`${v1.path}/changes`, { message: "Can you do 8.90 EUR for 2,000 jackets?" }, { "sec-fetch-site": "same-origin" });
    expect(asked.status).toBe(303);
    expect(asked.headers.get("location")).toBe(v1.path);
    expect(await rows(leads.db, sql`select 1 from lead_reads where lead_id = ${id}`), "unread for the staff, who had opened it").toEqual([]);
    expect(await (await buyer().request(v1.path)).text()).toContain("You asked for changes on 2026-11-28 09:00 UTC.");
    const leadPage = await (await sales.request(`/staff/leads/${id}`)).text();
    expect(leadPage).toContain("The buyer asked for changes to quotation v1 (Li Wei):");
    expect(leadPage).toContain("Can you do 8.90 EUR for 2,000 jackets?");
    expect(leadPage).toContain("Now: changes requested");
    // Like a buyer's e-mail, the request puts the lead among those waiting for us, unread until opened.
    const waiting = async () => (await (await sales.request("/staff/leads/waiting")).text()).includes("Q-2026-00042");
    expect(await waiting()).toBe(true);
    const told = (await mailJobs(id)).filter((j) => j.kind.startsWith("quotation-answer:"));
    expect(told.map((j) => j.recipients)).toEqual(["sales@example.com"]);
    const notice = await simpleParser(Buffer.from(told[0]!.eml));
    expect(notice.subject).toBe("Q-2026-00042 v1: the buyer asked for changes");
    expect(notice.text).not.toContain("8.90");

    // v2: the draft copies v1; v1's page now says superseded and takes no answer.
    clock = new Date("2026-11-29T09:00:00Z");
    const v2 = await sendVersion(sales, id, ["8.90", "6.40"]);
    expect(v2.mail.subject).toBe(subject);
    expect(await waiting(), "v2 answers the request for changes").toBe(false);
    // v2 continues the thread after v1 (the page's answer is on the timeline, not a message of the mailbox).
    expect(v2.mail.inReplyTo).toBe(v1.mail.messageId);
    const old = await (await buyer().request(v1.path)).text();
    expect(old).toContain("This version has been replaced by a newer one (v2).");
    expect(old).not.toContain("<form");
    expect((await buyer().post(`${v1.path}/accept`, { name: "Li Wei", position: "Buyer" }, { "sec-fetch-site": "same-origin" })).status).toBe(409);

    // Accepting needs a name and a position; what was typed stays.
    const missing = await buyer().post(`${v2.path}/accept`, { name: "", position: "Head of sourcing" }, { "sec-fetch-site": "same-origin" });
    expect(missing.status).toBe(400);
    const refusedHtml = await missing.text();
    expect(refusedHtml).toContain("Your name: write the name of the person accepting.");
    expect(refusedHtml).toContain('value="Head of sourcing"');
    const accepted = await server
      .browser({ forwardedFor: "203.0.113.9" })
      .post(`${v2.path}/accept`, { name: "Li Wei", position: "Head of sourcing" }, { "sec-fetch-site": "same-origin" });
    expect(accepted.status).toBe(303);
    expect(await (await buyer().request(v2.path)).text()).toContain("Accepted by Li Wei, Head of sourcing on 2026-11-29 09:00 UTC.");
    const [record] = await rows<{ status: string; responder_name: string; responder_position: string; responder_address: string; responded_at: Date | string }>(
      leads.db,
      sql`select status, responder_name, responder_position, responder_address, responded_at from quotations where lead_id = ${id} and version = 2`,
    );
    expect(record).toMatchObject({ status: "accepted", responder_name: "Li Wei", responder_position: "Head of sourcing", responder_address: "203.0.113.9" });
    expect(new Date(record!.responded_at).toISOString()).toBe("2026-11-29T09:00:00.000Z");
    const after = await (await sales.request(`/staff/leads/${id}`)).text();
    expect(after).toContain("Now: accepted");
    expect(after).toContain("The buyer accepted quotation v2 (Li Wei).");
    // v2 answered the changes; the acceptance waits for the order's confirmation.
    expect(await waiting()).toBe(true);
    expect(after).toContain("Mark as won");
    expect((await mailJobs(id)).filter((j) => j.kind.startsWith("quotation-answer:"))).toHaveLength(2);
  }, 60_000);

  it("records the buyer's request for changes, acceptance and decline in the audit log, by the lead's reference and e-mail, not a staff account", async () => {
    const { id, sales } = await quotedLead();
    const v1 = await sendVersion(sales, id, ["9.25", "6.40"]);
    const same = { "sec-fetch-site": "same-origin" };
    expect((await server.browser({ forwardedFor: "203.0.113.7" }).post(`${v1.path}/changes`, { message: "Lower, please." }, same)).status).toBe(303);
    const v2 = await sendVersion(sales, id, ["8.90", "6.40"]);
    expect((await buyer().post(`${v2.path}/accept`, { name: "Li Wei", position: "Buyer" }, same)).status).toBe(303);
    const other = await insertLead(leads.db, { form: "quote", fields: request, reference: "Q-2026-00043" });
    const declined = await sendVersion(sales, other, ["9.25", "6.40"]);
    expect((await buyer().post(`${declined.path}/decline`, { reason: "Too dear." }, same)).status).toBe(303);

    const entries = await rows<{ actor_id: string | null; actor_email: string; action: string; target: string; detail: unknown; ip: string | null }>(
      leads.db,
      sql`select actor_id, actor_email, action, target, detail, ip from staff_audit where action in ('quotation.changes', 'quotation.accept', 'quotation.decline') order by id`,
    );
    expect(entries.map((e) => ({ ...e, detail: typeof e.detail === "string" ? JSON.parse(e.detail) : e.detail }))).toEqual([
      {
        actor_id: null,
        actor_email: "li@harbour.test",
        action: "quotation.changes",
        target: `lead:${id}`,
        detail: { reference: "Q-2026-00042", version: 1 },
        ip: "203.0.113.7",
      },
      {
        actor_id: null,
        actor_email: "li@harbour.test",
        action: "quotation.accept",
        target: `lead:${id}`,
        detail: { reference: "Q-2026-00042", version: 2 },
        ip: expect.any(String),
      },
      {
        actor_id: null,
        actor_email: "li@harbour.test",
        action: "quotation.decline",
        target: `lead:${other}`,
        detail: { reference: "Q-2026-00043", version: 1 },
        ip: expect.any(String),
      },
    ]);

    await addTestAccount(leads.db, "admin");
    const admin = server.browser();
    await admin.signIn("admin@example.com");
    const log = await (await admin.request("/staff/audit?action=quotation.")).text();
    expect(log).toContain("<td>The buyer of Q-2026-00042 (li@harbour.test)</td><td>quotation.accept</td>");
    expect(log).toContain("<td>The buyer of Q-2026-00042 (li@harbour.test)</td><td>quotation.changes</td>");
    expect(log).toContain("<td>The buyer of Q-2026-00043 (li@harbour.test)</td><td>quotation.decline</td>");
    for (const action of ["quotation.", "quotation.send", "quotation.accept", "quotation.changes", "quotation.decline"])
      expect(log).toContain(`<option value="${action}"`);
  }, 60_000);

  it("sends a version as a reply of the lead's conversation: [Q-…] in the subject, In-Reply-To the thread's last message, its Message-ID and PDF on the timeline; the buyer's answer to it threads into the lead", async () => {
    const { id, sales } = await quotedLead();
    // The buyer wrote before the quotation: the thread's last message.
    const earlier = {
      messageId: "<first-question@harbour.test>",
      inReplyTo: null,
      references: [],
      from: "Li Wei <li@harbour.test>",
      to: "sales@ssl.example",
      subject: "Jackets [Q-2026-00042]",
      at: new Date("2026-11-28T08:00:00Z"),
      text: "Any news?",
      attachments: [],
    };
    expect((await storeInboundMessages(leads.db, { mailbox: "INBOX", uidValidity: 1, lastUid: 1, messages: [earlier] }))[0]).toMatchObject({
      leadId: id,
      stored: true,
    });

    const v1 = await sendVersion(sales, id, ["9.25", "6.40"]);
    expect(v1.mail.subject).toBe(subject);
    expect(v1.mail.from?.value[0]).toMatchObject({ name: expect.stringMatching(/ via SSL$/), address: "sales@ssl.example" });
    expect(v1.mail.inReplyTo).toBe("<first-question@harbour.test>");
    expect(v1.mail.references).toEqual("<first-question@harbour.test>");
    expect(v1.mail.headers.get("x-ssl-quotation")).toBe("Q-2026-00042 v1");
    // Below the company's text, the buyer's message it answers, quoted as mail programs do (decision 0135).
    expect(v1.mail.text).toMatch(/\n\nOn Sat, 28 Nov 2026 at 08:00 UTC, Li Wei <li@harbour\.test> wrote:\n> Any news\?\n$/);
    const [message] = await rows<{ message_id: string; purpose: string; in_reply_to: string; files: string }>(
      leads.db,
      sql`select m.message_id, m.purpose, m.in_reply_to, (select string_agg(filename, ',') from lead_files f where f.message_id = m.id) as files
          from lead_messages m where m.lead_id = ${id} and m.direction = 'out'`,
    );
    expect(message).toEqual({
      message_id: v1.mail.messageId,
      purpose: "quotation",
      in_reply_to: "<first-question@harbour.test>",
      files: "Q-2026-00042-v1.pdf",
    });
    const [lead] = await rows<{ first_response_at: Date | string | null; awaiting_since: Date | string | null; status: string }>(
      leads.db,
      sql`select first_response_at, awaiting_since, status from leads where id = ${id}`,
    );
    expect(lead!.status).toBe("quoted");
    expect(lead!.awaiting_since).toBeNull();
    expect(new Date(lead!.first_response_at!).toISOString()).toBe("2026-11-28T09:00:00.000Z");
    // Stored once: the one mail job is the message's, with its Message-ID.
    const jobs = await rows<{ kind: string; message_id: string }>(
      leads.db,
      sql`select kind, message_id from mail_jobs where lead_id = ${id} and message_id is not null`,
    );
    expect(jobs).toEqual([{ kind: expect.stringMatching(/^quotation:\d+$/), message_id: v1.mail.messageId }]);

    // The timeline shows it like any reply, with its PDF.
    const timeline = await (await sales.request(`/staff/leads/${id}`)).text();
    expect(timeline).toContain(subject);
    expect(timeline).toContain("(with a quotation)");
    expect(timeline).toContain('download="Q-2026-00042-v1.pdf"');

    // The buyer answers it from a mail program that drops the subject's tag: it threads by In-Reply-To.
    const answer = {
      messageId: "<answer@harbour.test>",
      inReplyTo: v1.mail.messageId!,
      references: [v1.mail.messageId!],
      from: "Li Wei <li@harbour.test>",
      to: "sales@ssl.example",
      subject: "Re: our order",
      at: new Date("2026-11-28T10:00:00Z"),
      text: "Thanks, we will look at it.",
      attachments: [],
    };
    expect((await storeInboundMessages(leads.db, { mailbox: "INBOX", uidValidity: 1, lastUid: 2, messages: [answer] }))[0]).toMatchObject({
      leadId: id,
      stored: true,
    });
  }, 60_000);

  it("links the buyer to the site's public origin (SITE_URL), never to the address the member of staff reached the desk by", async () => {
    const { id, sales } = await quotedLead();
    // The member of staff reaches the desk at http://localhost:<port>, as through an internal name or a tunnel: the buyer could not go there.
    const sent = await sendVersion(sales, id, ["9.25", "6.40"]);
    expect(sales.origin).toMatch(/^http:\/\/localhost:\d+$/);
    expect(sent.origin).toBe(publicOrigin);
    expect(sent.mail.text).not.toContain("localhost");
  }, 60_000);

  it("confirms an acceptance to the buyer once, in the thread from the sales address, with the accepted version's own PDF and its link, and none of what was typed on the page (decision 0155)", async () => {
    site.swap({ ...initial, siteUrl: publicOrigin });
    const { id, sales } = await quotedLead();
    const v1 = await sendVersion(sales, id, ["9.25", "6.40"]);
    const v2 = await sendVersion(sales, id, ["8.90", "6.40"]);
    clock = new Date("2026-11-29T14:35:00Z");
    // A double click, or the two posts reaching two instances: one acceptance, one confirmation.
    const typed = { name: "Mallory Typed-Name", position: "See https://evil.example/pay" };
    const posts = await Promise.all([0, 1].map(() => buyer().post(`${v2.path}/accept`, typed, { "sec-fetch-site": "same-origin" })));
    expect(posts.map((p) => p.status).sort()).toEqual([303, 409]);
    const confirmations = (await mailJobs(id)).filter((j) => j.kind.startsWith("quotation-accepted:"));
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]!.recipients).toBe("li@harbour.test");

    const raw = Buffer.from(confirmations[0]!.eml);
    const mail = await simpleParser(raw);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value.map((a) => a.address) : []).toEqual(["li@harbour.test"]);
    expect(mail.from?.value[0]?.address).toBe("sales@ssl.example");
    expect(mail.subject).toBe(subject);
    expect(mail.inReplyTo).toBe(v2.mail.messageId);
    expect(mail.text).toContain("our quotation Q-2026-00042 v2 was accepted on 2026-11-29 14:35 UTC on its private page.");
    expect(mail.text).toContain(`${publicOrigin}${v2.path}`);
    // The accepted version's PDF, byte for byte as sent (v2's figures, not v1's).
    expect(mail.attachments.map((a) => a.filename)).toEqual(["Q-2026-00042-v2.pdf"]);
    expect(mail.attachments[0]!.content.equals(v2.mail.attachments[0]!.content)).toBe(true);
    expect(mail.attachments[0]!.content.equals(v1.mail.attachments[0]!.content)).toBe(false);
    expect(await pdfText(mail.attachments[0]!.content)).toContain("EUR 13,350.00");
    // Nothing the buyer typed on the page goes out from the company's address; the page shows it.
    for (const text of [mail.text ?? "", mail.subject ?? "", raw.toString("latin1")]) {
      expect(text).not.toContain("Mallory");
      expect(text).not.toContain("evil.example");
    }
    expect(await (await buyer().request(v2.path)).text()).toContain("Accepted by Mallory Typed-Name, See https://evil.example/pay on 2026-11-29 14:35 UTC.");

    // On the timeline as a message of the conversation, with the PDF; not a reply the reports count.
    const timeline = await (await sales.request(`/staff/leads/${id}`)).text();
    expect(timeline).toContain("Confirmation of the acceptance sent to the buyer (li@harbour.test), with the accepted version&#39;s PDF:");
    const [message] = await rows<{ purpose: string; sent_by_id: string; files: string }>(
      leads.db,
      sql`select m.purpose, m.sent_by_id, (select string_agg(filename, ',') from lead_files f where f.message_id = m.id) as files
          from lead_messages m where m.lead_id = ${id} and m.message_id = ${mail.messageId!}`,
    );
    expect(message).toEqual({ purpose: "acceptance", sent_by_id: "system", files: "Q-2026-00042-v2.pdf" });
  }, 60_000);

  it("shows the studio's words (content/quotations.yaml, as a publish brings them) on the buyer's page, and starts a new draft with the studio's validity", async () => {
    const { id, sales } = await quotedLead();
    site.swap({
      ...initial,
      quotation: await quotationSettingsFromContent((yaml) =>
        yaml
          .replace("validityDays: 30", "validityDays: 14")
          .replace("button: Accept the quotation", "button: Confirm the order")
          .replace('open: "Open: you can accept it until the end of {day} (UTC), {left}."', 'open: "Prices hold until {day} (UTC): {left}."'),
      ),
    });
    expect((await sales.post(`/staff/leads/${id}/quotation/draft`, {})).status).toBe(303);
    const [draft] = await rows<{ valid_until: string }>(
      leads.db,
      sql`select to_char(valid_until, 'YYYY-MM-DD') as valid_until from quotations where lead_id = ${id} and status = 'draft'`,
    );
    expect(draft!.valid_until).toBe("2026-12-12");
    const { path } = await sendVersion(sales, id, ["9.25", "6.40"]);
    const html = await (await buyer().request(path)).text();
    expect(html).toContain("Confirm the order");
    expect(html).not.toContain("Accept the quotation");
    expect(html).toContain("Prices hold until 28 December 2026 (UTC): 30 days left.");
    expect(html).toContain("Ask for changes");
  }, 60_000);

  it("speaks the language of the buyer's request: a German lead's draft terms, page and PDF in the fixture's German words, days by Intl (decision 0164), the letterhead's tagline German or, untranslated, English marked (decision 0203)", async () => {
    const { id, sales } = await quotedLead();
    await leads.db.execute(sql`update leads set locale = 'de' where id = ${id}`);
    // The fixture content as a build hands it over, its German translation (content/translations/de/quotations.yaml) with it.
    site.swap({ ...initial, quotation: await quotationSettingsFromContent((yaml) => yaml.replace("validityDays: 30", "validityDays: 30 ")) });
    expect((await sales.post(`/staff/leads/${id}/quotation/draft`, {})).status).toBe(303);
    const [draft] = await rows<{ sample_terms: string; terms: string }>(
      leads.db,
      sql`select sample_terms, terms from quotations where lead_id = ${id} and status = 'draft'`,
    );
    expect(draft!.sample_terms).toMatch(/^Muster innerhalb von 10 Arbeitstagen/);
    expect(draft!.terms).toMatch(/^Preise pro Stück\./);
    const breaks = { "line-0-break-0-quantity": "3000", "line-0-break-0-price": "8.90" };
    const { path, mail } = await sendVersion(sales, id, ["9.25", "6.40"], breaks);
    const html = await (await buyer().request(path)).text();
    expect(html).toContain('<html lang="de">');
    expect(html).toMatch(/<h1>Angebot Q-\d{4}-\d{5} v1<\/h1>/);
    expect(html).toContain("Offen: Sie können es bis Ende 28. Dezember 2026 (UTC) annehmen, noch 30 Tage.");
    expect(html).toContain("Ab 3.000 Stück: EUR 8.90 pro Stück");
    expect(html).toContain("Angebot annehmen");
    const text = await pdfText(mail.attachments[0]!.content);
    for (const expected of [
      "Datum:",
      "Gültig bis: 28. Dezember 2026",
      "Stückpreis",
      "1.500 Stk.",
      "Ab 3.000 Stück: EUR 8.90 pro Stück",
      "Summe EUR",
      "Konditionen",
      "Die Preise gelten bis Ende 28. Dezember 2026 (UTC)",
      "Seite 1 von 1",
    ]) {
      expect(text).toContain(expected);
    }
    // The currency as it is: the amounts keep the company's notation.
    expect(text).toContain("EUR 13,875.00");
    // The tagline of the fixture's German Company facts (content/site/de.yaml), on the page and in the PDF.
    const tagline = "Zu 100 % export\u00ADorientiertes Unternehmen";
    expect(html).toContain(`<p class="tagline">${tagline}</p>`);
    // Its soft hyphen is drawn as fontkit draws a default-ignorable character: a space glyph of no width, which the text extraction reads as a space.
    expect(text).toMatch(/Zu 100 % export ?orientiertes Unternehmen/);
    expect(text).not.toContain("100% Export Oriented Company");
    // Without a German Company facts translation, the English tagline, marked English on the German page.
    site.swap({ ...initial, quotation: await quotationSettingsFromCopy((dir) => rm(join(dir, "site/de.yaml"))) });
    const untranslated = await (await buyer().request(path)).text();
    expect(untranslated).toContain('<html lang="de">');
    expect(untranslated).toContain('<p class="tagline" lang="en">100% Export Oriented Company</p>');
  }, 60_000);

  it("shows a line's price breaks under it, in the studio's words on the page and in the PDF; the line's amount and the totals stay at its quantity (decision 0156)", async () => {
    const { id, sales } = await quotedLead();
    site.swap({
      ...initial,
      quotation: await quotationSettingsFromContent((yaml) =>
        yaml.replace('priceBreak: "From {n} pieces: {price} per piece"', 'priceBreak: "{n} pieces or more: {price} each"'),
      ),
    });
    const breaks = { "line-0-break-0-quantity": "3000", "line-0-break-0-price": "8.90", "line-0-break-1-quantity": "5000", "line-0-break-1-price": "8.50" };
    const { path, mail } = await sendVersion(sales, id, ["9.25", "6.40"], breaks);
    const html = await (await buyer().request(path)).text();
    expect(html).toMatch(
      /Men Denim Jacket<br\/>[\s\S]*?<span class="detail">3,000 pieces or more: EUR 8.90 each<\/span><br\/><span class="detail">5,000 pieces or more: EUR 8.50 each<\/span><\/th>/,
    );
    expect(html).toContain("EUR 13,875.00");
    expect(html).not.toContain("From 3,000 pieces");
    const text = await pdfText(mail.attachments[0]!.content);
    expect(text).toContain("3,000 pieces or more: EUR 8.90 each");
    expect(text).toContain("EUR 13,875.00");
  }, 60_000);

  it("shows the studio's bank details under the terms and prints them with the signatory at the end of the version's PDF; nothing of them while the content has none (decision 0155)", async () => {
    const { id, sales } = await quotedLead();
    const plain = await sendVersion(sales, id, ["9.25", "6.40"]);
    const plainPage = await (await buyer().request(plain.path)).text();
    expect(plainPage).not.toContain("Bank details");
    expect(await pdfText(plain.mail.attachments[0]!.content)).not.toContain("Bank details");
    expect(await pdfText(plain.mail.attachments[0]!.content)).not.toContain("For and on behalf of");

    // Fixture values, through the build's server settings as a publish brings them.
    site.swap({
      ...initial,
      quotation: await quotationSettingsFromContent((yaml) =>
        yaml
          .replace('beneficiary: ""', "beneficiary: Fixture Sourcing Ltd.")
          .replace('accountNumber: ""', "accountNumber: 0000-TEST-0001")
          .replace('swift: ""', "swift: EXMPBDDH")
          .replace('  name: ""', "  name: Rahim Example")
          .replace('  position: ""', "  position: Head of Merchandising"),
      ),
    });
    const filled = await sendVersion(sales, id, ["8.90", "6.40"]);
    const pdf = await pdfText(filled.mail.attachments[0]!.content);
    for (const expected of [
      "Bank details",
      "Beneficiary Fixture Sourcing Ltd.",
      "Account number 0000-TEST-0001",
      "SWIFT / BIC EXMPBDDH",
      "Rahim Example",
      "Head of Merchandising",
    ])
      expect(pdf).toContain(expected);
    expect(pdf).not.toContain("Other details");
    const page = await (await buyer().request(filled.path)).text();
    expect(page).toContain(
      "<h2>Bank details</h2><dl><dt>Beneficiary</dt><dd>Fixture Sourcing Ltd.</dd><dt>Account number</dt><dd>0000-TEST-0001</dd><dt>SWIFT / BIC</dt><dd>EXMPBDDH</dd></dl>",
    );
    expect(page.indexOf("Bank details")).toBeGreaterThan(page.indexOf("Other terms"));
  }, 60_000);

  it("refuses answers after the validity with its message and offers to ask for a new one (clock injected)", async () => {
    const { id, sales } = await quotedLead();
    const { path } = await sendVersion(sales, id, ["9.25", "6.40"]);
    clock = new Date("2026-12-29T00:00:01Z");
    const html = await (await buyer().request(path)).text();
    expect(html).toContain("This quotation expired at the end of 28 December 2026: its prices no longer hold.");
    expect(html).not.toContain("Accept the quotation");
    expect(html).toContain("Ask for a new quotation");
    const refused = await buyer().post(`${path}/accept`, { name: "Li Wei", position: "Buyer" }, { "sec-fetch-site": "same-origin" });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("This quotation has expired: it can no longer be accepted, changed or declined.");
    const renew = await buyer().post(`${path}/renew`, { message: "Please quote again for March." }, { "sec-fetch-site": "same-origin" });
    expect(renew.status).toBe(303);
    const leadPage = await (await sales.request(`/staff/leads/${id}`)).text();
    expect(leadPage).toContain("The buyer asked for a new quotation after v1 expired (Li Wei):");
    expect(leadPage).toContain("Now: expired");
  }, 60_000);

  it("sends Referrer-Policy: no-referrer with the page, its PDF, every answer and refusal (the token is in the address); the rest of the site keeps its own", async () => {
    const { id, sales } = await quotedLead();
    const { path } = await sendVersion(sales, id, ["9.25", "6.40"]);
    const same = { "sec-fetch-site": "same-origin" };
    const answers = {
      page: await buyer().request(path),
      pdf: await buyer().request(`${path}/pdf`),
      "changes refused (no message)": await buyer().post(`${path}/changes`, { message: "" }, same),
      "accept refused (no name)": await buyer().post(`${path}/accept`, { name: "", position: "Buyer" }, same),
      "decline from another site": await buyer().post(`${path}/decline`, { reason: "" }, { origin: "https://evil.example", "sec-fetch-site": "cross-site" }),
      "changes asked": await buyer().post(`${path}/changes`, { message: "Can you do 8.90 EUR?" }, same),
      "accept after the answer": await buyer().post(`${path}/accept`, { name: "Li Wei", position: "Buyer" }, same),
      "guessed link": await buyer().request(`/quotation/${"A".repeat(43)}`),
    };
    expect(Object.fromEntries(Object.entries(answers).map(([what, answer]) => [what, answer.status]))).toEqual({
      page: 200,
      pdf: 200,
      "changes refused (no message)": 400,
      "accept refused (no name)": 400,
      "decline from another site": 403,
      "changes asked": 303,
      "accept after the answer": 409,
      "guessed link": 404,
    });
    for (const [what, answer] of Object.entries(answers)) {
      expect(answer.headers.get("referrer-policy"), what).toBe("no-referrer");
      // The site's other security headers still come with it.
      expect(answer.headers.get("x-frame-options"), what).toBe("DENY");
    }
    expect((await buyer().request("/no-such-page")).headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  }, 60_000);

  it("answers a guessed or withdrawn link with the site's 404, exactly as any unknown address", async () => {
    const { id, sales } = await quotedLead();
    const { path } = await sendVersion(sales, id, ["9.25", "6.40"]);
    const unknown = await buyer().request("/no-such-page");
    const unknownBody = await unknown.text();
    const guessed = await buyer().request(`/quotation/${"A".repeat(43)}`);
    expect(guessed.status).toBe(404);
    expect(await guessed.text()).toBe(unknownBody);
    expect((await sales.post(`/staff/leads/${id}/quotation/v1/revoke`, {})).status).toBe(303);
    for (const address of [path, `${path}/pdf`]) {
      const revoked = await buyer().request(address);
      expect(revoked.status).toBe(404);
      expect(await revoked.text()).toBe(unknownBody);
    }
    expect((await buyer().post(`${path}/accept`, { name: "Li Wei", position: "Buyer" }, { "sec-fetch-site": "same-origin" })).status).toBe(404);
  }, 60_000);
});

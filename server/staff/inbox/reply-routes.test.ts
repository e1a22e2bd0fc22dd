import { readFile } from "node:fs/promises";
import { sql } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import { simpleParser } from "mailparser";
import { beforeEach, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { testDatabasePerFile } from "../../../test-support/databases";
import { insertLead, staff } from "../../../test-support/leads";
import { storeInboundMessages } from "../../leads/conversations";
import { rows } from "../../db/db";
import type { AuditEntry } from "../audit";
import { forbiddenPage, type StaffEnv } from "../guard";
import type { StaffUser } from "../roles";
import { createInboxRoutes, kitPage } from "./routes";

const testGuard: MiddlewareHandler<StaffEnv> = async (c, next) => {
  const who = c.req.header("x-test-staff") as keyof typeof staff | undefined;
  if (!who || !(who in staff)) return c.text("sign in", 401);
  c.set("staff", staff[who] as StaffUser);
  await next();
};

const key = "0b5e1a9c-3f52-4c1e-9d1a-6a7f0e2b9c11";
const pdf = Buffer.from("%PDF-1.4\n%price list\n");
const now = new Date("2026-03-05T12:00:00Z");

// On PGlite: the replies' SQL is the store's (server/leads/conversations.test.ts, inbox-queries.test.ts on both drivers);
// server/desk-on-postgresql.test.ts sends a reply on PostgreSQL (decision 0143).
describe.each(["PGlite"] as const)("replies, timeline and the waiting view in the staff desk on %s", (driver) => {
  const handle = testDatabasePerFile(driver);
  let audit: AuditEntry[];
  let queued: number;
  let ids: { quote: number; career: number; contact: number };

  const app = () =>
    createInboxRoutes({
      db: handle.db,
      requireStaff: testGuard,
      recordAudit: async (_c, entry) => void audit.push(entry),
      forbidden: (c) => forbiddenPage(c, c.get("staff")),
      page: kitPage,
      listStaff: async () => Object.values(staff),
      replies: {
        addresses: { from: "SSL website <website@ssl.example>", to: "info@ssl.example", sales: "Sales <sales@ssl.example>" },
        queued: () => void queued++,
      },
      replyTemplates: async () => [{ name: "Thanks", text: "Dear {name},\n\nThank you for {reference}." }],
      now: () => now,
    });
  const get = (path: string, who: keyof typeof staff) => app().request(path, { headers: { "x-test-staff": who } });
  const postReply = (id: number, who: keyof typeof staff, fields: Record<string, string>, files: { name: string; content: Buffer; type?: string }[] = []) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const f of files) form.append("attachments", new File([new Uint8Array(f.content)], f.name, { type: f.type ?? "application/pdf" }));
    return app().request(`/staff/leads/${id}/reply`, { method: "POST", headers: { "x-test-staff": who }, body: form });
  };

  beforeEach(async () => {
    audit = [];
    queued = 0;
    const quote = await insertLead(handle.db, {
      form: "quote",
      fields: {
        name: "Li Wei",
        email: "li@harbour.cn",
        company: "Harbour Trading Co",
        country: "CN",
        products: [{ product: "men/denim-jacket", quantity: 5000, colours: 2, sizes: "M-XL", targetPrice: "", currency: "USD", notes: "" }],
      },
      receivedAt: new Date("2026-03-02T10:00:00Z"),
      reference: "Q-2026-00042",
    });
    const career = await insertLead(handle.db, {
      form: "career",
      fields: { name: "Rahim Uddin", email: "rahim@mail.test", position: "Merchandiser" },
      receivedAt: new Date("2026-03-03T10:00:00Z"),
    });
    const contact = await insertLead(handle.db, {
      form: "contact",
      fields: { name: "Jane Roe", email: "jane@acme.test", subject: "Knitwear" },
      receivedAt: new Date("2026-03-04T10:00:00Z"),
    });
    // insertLead writes rows straight in: a request waits for us from its arrival, as the database's trigger sets for the site's leads.
    ids = { quote, career, contact };
  });

  it("sends a reply with its file from the lead's page: stored with its mail job, From the staff member via SSL, subject with the reference; the lead moves on and shows it in its timeline", async () => {
    const page = await (await get(`/staff/leads/${ids.quote}`, "sales")).text();
    expect(page).toContain('action="/staff/leads/' + ids.quote + '/reply"');
    expect(page).toContain("Sam Sales via SSL &lt;sales@ssl.example&gt;");
    expect(page).toContain("Re: Your quote request [Q-2026-00042]");
    expect(page).toContain("Waiting for us");
    expect(page).toContain("Yes, for 3 days 2 hours");

    audit = [];
    const response = await postReply(ids.quote, "sales", { key, action: "send", text: "Dear Li Wei,\nour price list is attached." }, [
      { name: "prices.pdf", content: pdf },
    ]);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`/staff/leads/${ids.quote}#timeline-heading`);
    expect(queued).toBe(1);
    expect(audit).toEqual([{ actor: staff.sales, action: "lead.reply", target: `lead:${ids.quote}`, detail: { files: 1, status: "in_progress" } }]);

    const [job] = await rows<{ eml: Uint8Array; recipients: string }>(
      handle.db,
      sql`select eml, recipients from mail_jobs where lead_id = ${ids.quote} and kind like 'reply:%'`,
    );
    expect(job!.recipients).toBe("li@harbour.cn");
    const mail = await simpleParser(Buffer.from(job!.eml));
    expect(mail.from?.text).toBe('"Sam Sales via SSL" <sales@ssl.example>');
    expect(mail.to && "text" in mail.to ? mail.to.text : "").toBe("li@harbour.cn");
    // The acknowledgement's subject ("Your quote request [Q-2026-00042]"), so the thread stays one (decision 0135).
    expect(mail.subject).toBe("Re: Your quote request [Q-2026-00042]");
    expect(mail.messageId).toBe(`<reply-${key}@ssl.example>`);
    expect(mail.text).toBe("Dear Li Wei,\nour price list is attached.\n");
    expect(mail.attachments.map((a) => [a.filename, a.contentType, a.content.equals(pdf)])).toEqual([["prices.pdf", "application/pdf", true]]);

    // The same form sent again (a double press): nothing more is sent.
    expect(
      (await postReply(ids.quote, "sales", { key, action: "send", text: "Dear Li Wei,\nour price list is attached." }, [{ name: "prices.pdf", content: pdf }]))
        .status,
    ).toBe(303);
    expect(await rows(handle.db, sql`select 1 from mail_jobs where kind like 'reply:%'`)).toHaveLength(1);
    expect(queued).toBe(1);

    const after = await (await get(`/staff/leads/${ids.quote}`, "sales")).text();
    expect(after).toContain("Now: in progress");
    expect(after).toContain("No: we wrote last");
    const timeline = after.slice(after.indexOf('id="timeline-heading"'));
    expect(timeline).toContain("Li Wei sent the quote request");
    expect(timeline).toContain("Sam Sales replied to li@harbour.cn:");
    expect(timeline).toContain("Dear Li Wei,<br/>our price list is attached.");
    expect(timeline).toMatch(/Download prices\.pdf \(\d+ B\)/);
    expect(timeline).toContain("Sam Sales changed the status from new to in progress.");
    // Time order: the request, then the reply and the change it made.
    expect(timeline.indexOf("sent the quote request")).toBeLessThan(timeline.indexOf("Sam Sales replied"));
  });

  it("keeps what was typed and says why when a reply is refused: empty text, a file that is not a PDF, JPEG, PNG or Excel file", async () => {
    const empty = await postReply(ids.quote, "sales", { key, action: "send", text: "  " });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("The reply is empty: write something to send it.");
    const wrongType = await postReply(ids.quote, "sales", { key, action: "send", text: "See the file." }, [
      { name: "run.exe", content: Buffer.from("MZ\x90\x00 not a document") },
    ]);
    expect(wrongType.status).toBe(400);
    const html = await wrongType.text();
    expect(html).toContain("run.exe is not a PDF, JPEG, PNG or Excel (.xlsx) file.");
    expect(html).toMatch(/<textarea[^>]*id="reply-text"[^>]*>See the file\.<\/textarea>/);
    expect(await rows(handle.db, sql`select 1 from lead_messages`)).toEqual([]);
    expect(queued).toBe(0);
  });

  it("shows the lead's page again with the reply as typed when it has a character no keyboard types", async () => {
    const refused = await postReply(ids.quote, "sales", { key, action: "send", text: "Dear Li,\u0000 see the file." });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("The field &quot;text&quot; has a control character (U+0000), which no form sends.");
    expect(html).toMatch(/<textarea[^>]*id="reply-text"[^>]*>Dear Li,\uFFFD see the file\.<\/textarea>/);
    expect(html).toContain(`value="${key}"`);
    expect(await rows(handle.db, sql`select 1 from lead_messages`)).toEqual([]);
    expect(queued).toBe(0);
  });

  it("starts a reply from a template without script: the form comes back with its text, the name and reference filled in", async () => {
    const response = await postReply(ids.quote, "sales", { key, action: "template", template: "Thanks", text: "" });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<textarea[^>]*id="reply-text"[^>]*>Dear Li Wei,\n\nThank you for Q-2026-00042\.<\/textarea>/);
    expect(html).toContain(`value="${key}"`);
    expect(await rows(handle.db, sql`select 1 from lead_messages`)).toEqual([]);
  });

  it("a sales account can neither reply to nor see the messages of an application (404 as for no lead)", async () => {
    expect((await postReply(ids.career, "sales", { key, action: "send", text: "Hello" })).status).toBe(404);
    expect(await rows(handle.db, sql`select 1 from lead_messages`)).toEqual([]);
    const hr = await postReply(ids.career, "hr", { key, action: "send", text: "Hello Rahim" });
    expect(hr.status).toBe(303);
    // An application keeps its status after a reply.
    expect((await rows<{ status: string }>(handle.db, sql`select status from leads where id = ${ids.career}`))[0]!.status).toBe("new");
    expect((await get(`/staff/leads/${ids.career}`, "sales")).status).toBe(404);
    expect(await (await get("/staff/leads/waiting", "sales")).text()).not.toContain("Rahim");
  });

  it("lists the leads waiting for us, oldest first, with how long each has waited; a reply takes a lead off, the buyer's answer puts it back", async () => {
    await handle.db.execute(sql`update leads set awaiting_since = received_at`);
    const waiting = async () => {
      const html = await (await get("/staff/leads/waiting", "admin")).text();
      return [...html.matchAll(/<th scope="row"><a href="\/staff\/leads\/(\d+)">/g)].map((m) => Number(m[1]));
    };
    expect(await waiting()).toEqual([ids.quote, ids.career, ids.contact]);
    const html = await (await get("/staff/leads/waiting", "admin")).text();
    expect(html).toContain("3 days 2 hours");
    // How long, right after who it is from (in view on a phone), as a machine-readable duration.
    const columns = [...html.matchAll(/<th scope="col">([^<]+)<\/th>/g)].map((m) => m[1]);
    expect(columns.slice(0, 2)).toEqual(["From", "Waiting"]);
    expect(html).toMatch(new RegExp(`<th scope="row"><a href="/staff/leads/${ids.quote}">.*?</th><td><time datetime="P3DT2H0M">3 days 2 hours</time></td>`));
    expect(html).toContain("3 leads wait");
    expect((await postReply(ids.quote, "sales", { key, action: "send", text: "Our answer." })).status).toBe(303);
    expect(await waiting()).toEqual([ids.career, ids.contact]);
    await storeInboundMessages(handle.db, {
      mailbox: "INBOX",
      uidValidity: 1,
      lastUid: 1,
      messages: [
        {
          messageId: "<answer@harbour.cn>",
          inReplyTo: `<reply-${key}@ssl.example>`,
          references: [],
          from: "Li Wei <li@harbour.cn>",
          to: "sales@ssl.example",
          subject: "Re: Your quote request [Q-2026-00042]",
          at: new Date("2026-03-05T11:00:00Z"),
          text: "Can you do 4.20?",
          attachments: [],
        },
      ],
    });
    expect(await waiting()).toEqual([ids.career, ids.contact, ids.quote]);
    const lead = await (await get(`/staff/leads/${ids.quote}`, "sales")).text();
    expect(lead).toContain("Li Wei &lt;li@harbour.cn&gt; wrote:");
    expect(lead).toContain("Can you do 4.20?");
    expect(lead).toContain("Yes, for 1 hour");
  });
  const replyMails = async (leadId: number) =>
    Promise.all(
      (await rows<{ eml: Uint8Array }>(handle.db, sql`select eml from mail_jobs where lead_id = ${leadId} and kind like 'reply:%' order by id`)).map(
        async (j) => ({
          raw: Buffer.from(j.eml).toString("utf8"),
          mail: await simpleParser(Buffer.from(j.eml)),
        }),
      ),
    );
  // A reply is stored at the database's time; the thread's order is set here as the test tells it.
  const sentAt = (n: number, at: string) =>
    handle.db.execute(sql`update lead_messages set at = ${at}::timestamptz where message_id = ${`<reply-${keyOf(n)}@ssl.example>`}`);
  const keyOf = (n: number) => `0b5e1a9c-3f52-4c1e-9d1a-6a7f0e2b9c${String(n).padStart(2, "0")}`;
  const answer = (messageId: string, from: string, text: string, at: Date, lastUid: number) =>
    storeInboundMessages(handle.db, {
      mailbox: "INBOX",
      uidValidity: 1,
      lastUid,
      messages: [
        {
          messageId,
          inReplyTo: null,
          references: [],
          from,
          to: "sales@ssl.example",
          subject: "Re: Your quote request [Q-2026-00042]",
          at,
          text,
          attachments: [],
        },
      ],
    });

  it("answers a contact message, an application and a quote request under the company's subject, never the visitor's words", async () => {
    // Anyone can type anyone's address: a stranger's subject must not go to Carol from the company's address.
    const stranger = await insertLead(handle.db, {
      form: "contact",
      fields: {
        name: "Prize desk",
        email: "carol@third.example",
        subject: "WIN A PRIZE <b>http://evil.example/</b>",
        message: "Click http://evil.example/ now",
      },
    });
    const page = await (await get(`/staff/leads/${stranger}`, "sales")).text();
    const [{ reference }] = (await rows<{ reference: string }>(handle.db, sql`select reference from leads where id = ${stranger}`)) as [{ reference: string }];
    expect(page).toContain(`Re: Your message to SSL [${reference}]`);
    expect((await postReply(stranger, "sales", { key: keyOf(1), action: "send", text: "Thank you for writing." })).status).toBe(303);
    expect((await postReply(ids.career, "hr", { key: keyOf(2), action: "send", text: "Thank you for applying." })).status).toBe(303);
    expect((await postReply(ids.quote, "sales", { key: keyOf(3), action: "send", text: "Our answer." })).status).toBe(303);

    const [contact] = await replyMails(stranger);
    expect(contact!.mail.to && "text" in contact!.mail.to ? contact!.mail.to.text : "").toBe("carol@third.example");
    expect(contact!.mail.subject).toBe(`Re: Your message to SSL [${reference}]`);
    // Nowhere in the message: not the subject, not a quote of the form's text.
    for (const word of ["WIN A PRIZE", "evil.example", "Prize desk"]) expect(contact!.raw).not.toContain(word);
    expect(contact!.mail.text).toBe("Thank you for writing.\n");
    const [application] = await replyMails(ids.career);
    expect(application!.mail.subject).toMatch(/^Re: Your application to SSL \[A-\d{4}-\d{5,}\]$/);
    expect(application!.raw).not.toContain("Merchandiser");
    const [quote] = await replyMails(ids.quote);
    expect(quote!.mail.subject).toBe("Re: Your quote request [Q-2026-00042]");
    expect(quote!.raw).not.toContain("denim");
  });

  it("quotes below each reply the thread's previous message from the buyer's own address or from us, bounded; never mail from another address", async () => {
    // A first reply: nothing earlier may be quoted (the web form's text was typed by anyone).
    const first = await (await get(`/staff/leads/${ids.quote}`, "sales")).text();
    expect(first).toContain("Quoted below your reply");
    expect(first).toContain("Nothing: no earlier message of ours or from this address");
    expect((await postReply(ids.quote, "sales", { key: keyOf(1), action: "send", text: "Our answer." })).status).toBe(303);
    await sentAt(1, "2026-03-05T10:30:00Z");

    // The buyer answers from his address: the next reply quotes him.
    await answer("<a1@harbour.cn>", "Li Wei <LI@harbour.cn>", "Can you do 4.20?\n\nLi", new Date("2026-03-05T11:00:00Z"), 1);
    expect(await (await get(`/staff/leads/${ids.quote}`, "sales")).text()).toContain("On Thu, 5 Mar 2026 at 11:00 UTC, Li Wei &lt;LI@harbour.cn&gt; wrote:");
    expect((await postReply(ids.quote, "sales", { key: keyOf(2), action: "send", text: "4.40 is our best." })).status).toBe(303);
    await sentAt(2, "2026-03-05T11:15:00Z");

    // Someone else writes into the thread (the tag in a subject is enough): his words are not sent to the buyer; our last reply is quoted.
    await answer("<a2@spam.example>", "Mallory <mallory@spam.example>", "Visit http://evil.example/", new Date("2026-03-05T11:30:00Z"), 2);
    expect((await postReply(ids.quote, "sales", { key: keyOf(3), action: "send", text: "Anything else?" })).status).toBe(303);
    await sentAt(3, "2026-03-05T11:40:00Z");

    // A long answer is quoted up to 40 lines.
    await answer("<a3@harbour.cn>", "li@harbour.cn", Array.from({ length: 100 }, (_, i) => `line ${i + 1}`).join("\n"), new Date("2026-03-05T11:45:00Z"), 3);
    expect((await postReply(ids.quote, "sales", { key: keyOf(4), action: "send", text: "Noted." })).status).toBe(303);

    const mails = await replyMails(ids.quote);
    expect(mails.map((m) => m.mail.subject)).toEqual(Array(4).fill("Re: Your quote request [Q-2026-00042]"));
    expect(mails[0]!.mail.text).toBe("Our answer.\n");
    expect(mails[1]!.mail.text).toBe("4.40 is our best.\n\nOn Thu, 5 Mar 2026 at 11:00 UTC, Li Wei <LI@harbour.cn> wrote:\n> Can you do 4.20?\n>\n> Li\n");
    expect(mails[2]!.mail.text).toBe("Anything else?\n\nOn Thu, 5 Mar 2026 at 11:15 UTC, Sam Sales via SSL <sales@ssl.example> wrote:\n> 4.40 is our best.\n");
    expect(mails[2]!.raw).not.toContain("evil.example");
    const long = mails[3]!.mail.text!;
    expect(long).toContain("\n> line 40\n> […]\n");
    expect(long).not.toContain("line 41");
    // The timeline keeps what the member of staff wrote.
    const [stored] = await rows<{ body: string }>(handle.db, sql`select body from lead_messages where message_id = ${`<reply-${keyOf(2)}@ssl.example>`}`);
    expect(stored!.body).toBe("4.40 is our best.");
  });

  it("signs the studio's templates with the name of whoever sends the reply", async () => {
    const { templates } = parseYaml(await readFile("fixtures/content/reply-templates.yaml", "utf8")) as { templates: { name: string; text: string }[] };
    const studio = () =>
      createInboxRoutes({
        db: handle.db,
        requireStaff: testGuard,
        recordAudit: async () => undefined,
        forbidden: (c) => forbiddenPage(c, c.get("staff")),
        page: kitPage,
        listStaff: async () => Object.values(staff),
        replies: { addresses: { from: "SSL website <website@ssl.example>", to: "info@ssl.example" }, queued: () => undefined },
        replyTemplates: async () => templates,
        now: () => now,
      });
    const form = new FormData();
    for (const [name, value] of Object.entries({ key, action: "template", template: "Thank you, we are on it", text: "" })) form.append(name, value);
    const html = await (
      await studio().request(`/staff/leads/${ids.contact}/reply`, { method: "POST", headers: { "x-test-staff": "admin" }, body: form })
    ).text();
    const text = /<textarea[^>]*id="reply-text"[^>]*>([\s\S]*?)<\/textarea>/.exec(html)![1]!;
    expect(text).toMatch(/^Dear Jane Roe,\n/);
    expect(text).toMatch(/Kind regards,\nAda Admin$/);
  });
});

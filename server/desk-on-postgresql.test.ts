import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Window } from "happy-dom";
import type { ParsedMail } from "mailparser";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { honeypotName } from "../app/lib/contracts/form-endpoint";
import { earliestDeliveryMonth, productFieldName, quotePaths } from "../app/lib/contracts/quote";
import { quotationSettingsDefaults, serverSettingsFile } from "../app/lib/contracts/server-settings";
import { csvRecords } from "../test-support/csv";
import { formFields } from "../test-support/html-forms";
import { tableByCaption } from "../test-support/html-tables";
import type { TestBrowser } from "../test-support/staff";
import { startTestSmtp, type ReceivedMail } from "../test-support/smtp-server";
import { staffSuite } from "../test-support/staff-suite";
import { createLiveSite, readServedSite } from "./platform/live-site";
import { inboxWith, newLeadsBadge } from "./staff/inbox/routes";
import { quotationRenderer } from "./staff/quotations/documents";
import { mountPipeline } from "./staff/quotations/pipeline-routes";
import { mountQuotations, quotationLeadSection } from "./staff/quotations/routes";
import { quotationSender } from "./staff/quotations/send";

// The staff desk end to end on PostgreSQL (decision 0143): above the store every other test runs on
// PGlite, so a driver difference there (a number's type, a date's, a transaction's) fails here. The app
// as server/index.ts builds it — the intake relaying to a real SMTP server on loopback, the desk with
// its inbox, quotations and pipeline, the buyer's quotation page — on a loopback port, walked through
// HTTP by a browser that keeps cookies and posts the forms the pages show: one test per area of the
// desk, each from the buyer's request to the answer.

const zone = "Asia/Dhaka";
const from = "SSL website <website@ssl.example>";

// The SMTP server the relay delivers to (test-support/smtp-server.ts): every message it accepts, with its envelope's recipients.
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
let smtpUrl: string;
const received: ReceivedMail[] = [];
beforeAll(async () => {
  smtp = await startTestSmtp({ received });
  smtpUrl = smtp.url;
});
afterAll(() => smtp.close());

/** The one message to `recipient` that `matches`, once the relay has delivered it (polled: the relay sends after the answer). */
async function mailTo(recipient: string, matches: (mail: ParsedMail) => boolean): Promise<ParsedMail> {
  const found = () => received.filter((r) => r.to.includes(recipient) && matches(r.mail));
  await expect.poll(() => found().length, { timeout: 15_000, message: `a message to ${recipient}` }).toBe(1);
  return found()[0]!.mail;
}

/** The words a person reads on a page: its body's text, blanks collapsed. */
function visibleText(html: string): string {
  const window = new Window();
  window.document.write(html);
  return (window.document.body.textContent ?? "").replace(/\s+/g, " ");
}

/** A page the browser opens: 200, its HTML and its words. */
async function open(browser: TestBrowser, path: string) {
  const response = await browser.request(path);
  const html = await response.text();
  expect(response.status, `${path}: ${html.slice(0, 300)}`).toBe(200);
  return { html, text: visibleText(html) };
}

/** A form post that the desk answers with 303 (done, go there). */
async function posted(browser: TestBrowser, path: string, form: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await browser.post(path, form, headers);
  expect(response.status, `${path}: ${(await response.clone().text()).slice(0, 500)}`).toBe(303);
  return response.headers.get("location")!;
}

const pdfText = async (bytes: Uint8Array) => (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text.replace(/\s+/g, " ");

/** The product the requests name, as the served build describes it (server-settings.json). */
const product = { ref: "men/tshirt", label: "Men T-Shirt" };

describe("the staff desk end to end on PostgreSQL", () => {
  // The quotations' and the buyer's page's clock (validity, the pipeline's months): the quotations' test sets and moves it.
  let clock = new Date();
  const now = () => clock;
  let buildRoot: string;

  const { server, signedIn } = staffSuite("PostgreSQL", async (db) => {
    // The build being served: the product's gallery page (the intake takes only products the site shows) and its settings.
    buildRoot = await mkdtemp(join(tmpdir(), "ssl-desk-postgresql-"));
    const clientDir = join(buildRoot, "client");
    await mkdir(join(clientDir, "gallery", ...product.ref.split("/")), { recursive: true });
    await writeFile(join(clientDir, "gallery", ...product.ref.split("/"), "index.html"), "<h1>T-shirt</h1>");
    await writeFile(join(clientDir, "404.html"), "<h1>Oops!</h1>");
    await writeFile(
      join(buildRoot, serverSettingsFile),
      JSON.stringify({
        products: {
          [product.ref]: { label: product.label, moqPiecesPerColour: 300, leadTimeDays: null, summary: "", terms: "Minimum order: 300 pieces per colour" },
        },
      }),
    );
    const site = createLiveSite(readServedSite(clientDir));
    const settings = () => site.current.quotation ?? quotationSettingsDefaults;
    const render = quotationRenderer({ settings, logo: async () => undefined });
    return {
      desk: {
        mailFrom: from,
        mailAddresses: { to: "info@ssl.example", sales: "Sales <sales@ssl.example>" },
        timeZone: zone,
        routes: [
          inboxWith({ leadSections: [quotationLeadSection] }),
          mountQuotations({
            settings,
            now,
            productName: (ref) => site.current.products?.[ref]?.label,
            pdf: render,
            send: (desk) => quotationSender({ desk, render, settings, now, origin: () => server.url }),
          }),
          mountPipeline({ timeZone: zone, now }),
        ],
        homeSections: [(desk, member) => newLeadsBadge(desk.db, member)],
      },
      app: {
        site,
        mail: { database: db, smtpUrl, addresses: { from, to: "info@ssl.example", sales: "sales@ssl.example" } },
        quotations: { db, now, mail: { from, sales: "sales@ssl.example" } },
      },
    };
  });
  afterAll(async () => {
    await rm(buildRoot, { recursive: true, force: true });
    // The app's relay, which createApp keeps to itself, looks at the queue once more after the
    // database is closed: that one line is expected here, any other still shows.
    const error = console.error.bind(console);
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      if (!String(args[0]).startsWith("mail relay: the database is not answering")) error(...args);
    });
  });

  /** The buyer sends a quote request from the site's form without JavaScript (its native post): the reference the sent page shows. */
  async function quoteRequest(email: string, words: string): Promise<string> {
    const form = new FormData();
    const fields = {
      [productFieldName(0, "product")]: product.ref,
      [productFieldName(0, "quantity")]: "1500",
      [productFieldName(0, "colours")]: "3",
      [productFieldName(0, "sizes")]: "S-XXL",
      [productFieldName(0, "targetPrice")]: "2.40",
      [productFieldName(0, "currency")]: "USD",
      [productFieldName(0, "notes")]: "Organic cotton",
      company: "Nordic Retail AB",
      contactName: "Anna Berg",
      email,
      phone: "",
      country: "SE",
      buyerType: "retailer",
      incoterm: "FOB",
      destination: "Gothenburg",
      deliveryMonth: earliestDeliveryMonth(new Date()),
      paymentMode: "LC",
      message: `Spring collection ${words}`,
      [honeypotName]: "",
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append("attachments", new File([], "", { type: "application/octet-stream" }));
    const sent = await server.browser().request(quotePaths.post, { method: "POST", body: form, headers: { origin: server.url } });
    expect(sent.status, await sent.clone().text()).toBe(303);
    const reference = /^\/quote\/sent\?ref=(Q-\d{4}-\d{5})$/.exec(sent.headers.get("location") ?? "")?.[1];
    expect(reference, `sent to ${sent.headers.get("location")}`).toBeTruthy();
    // The buyer's acknowledgement, relayed by SMTP, carries the reference.
    expect((await mailTo(email, (m) => m.subject === `Your quote request [${reference}]`)).text).toContain(
      `1. ${product.label} (${product.ref}): 1500 pieces in 3 colour(s)`,
    );
    return reference!;
  }

  /** Sales finds the request by the buyer's words in the inbox and opens it: the lead's address. */
  async function findInInbox(sales: TestBrowser, words: string, reference: string): Promise<string> {
    const inbox = await open(sales, `/staff/leads?q=${encodeURIComponent(words)}`);
    const [, ...listed] = tableByCaption(inbox.html, "Leads, newest first");
    expect(listed, "one lead found").toHaveLength(1);
    expect(listed[0]!.join(" | ")).toMatch(new RegExp(`Anna Berg.*\\| quote \\| new \\| ${product.label} × 1,500 \\|.*\\| nobody`));
    // The name of an unread lead is in bold; its link carries the list's search (decision 0154), the lead's address is before it.
    const path = /href="(\/staff\/leads\/\d+)(?:\?[^"]*)?"[^>]*>(?:<strong>)?Anna Berg</.exec(inbox.html)?.[1];
    expect(path).toBeTruthy();
    const lead = await open(sales, path!);
    expect(lead.text).toContain(`${reference}: quote from Anna Berg`);
    return path!;
  }

  /** Sales gives the lead to themselves with the page's assignment form. */
  async function assignToSelf(sales: TestBrowser, leadPath: string) {
    const { html } = await open(sales, leadPath);
    const salesId = /<option value="([^"]+)"[^>]*>Sales Person<\/option>/.exec(html)?.[1];
    expect(salesId, "Sales Person is offered").toBeTruthy();
    expect(await posted(sales, `${leadPath}/assign`, { assignee: salesId! })).toBe(leadPath);
  }

  it("leads: a quote request from the site reaches sales' inbox; assigned, noted, marked quoted, exported to CSV, each step audited; signed out, the old cookie opens nothing", async () => {
    const words = `lead-${Date.now()}`;
    const reference = await quoteRequest("anna@nordic.example", words);
    // The company's copy goes to the sales address.
    expect((await mailTo("sales@ssl.example", (m) => m.subject?.startsWith(`Quote request ${reference}:`) ?? false)).subject).toBe(
      `Quote request ${reference}: Nordic Retail AB (from Anna Berg)`,
    );

    const sales = await signedIn("sales");
    expect((await open(sales, "/staff")).text).toContain("1 new lead");
    const leadPath = await findInInbox(sales, words, reference);
    const leadId = leadPath.split("/").at(-1)!;
    expect((await open(sales, leadPath)).text).toContain("Now: new");

    await assignToSelf(sales, leadPath);
    expect((await open(sales, leadPath)).text).toContain("Sales Person assigned it to Sales Person.");
    const note = `Called Anna: samples by Friday (${words}).`;
    expect(await posted(sales, `${leadPath}/notes`, { note })).toBe(leadPath);
    expect((await open(sales, leadPath)).text).toContain(note);
    // The status form, as the page shows it ("Mark as quoted").
    const { html: before } = await open(sales, leadPath);
    expect(before).toContain("Mark as quoted");
    expect(await posted(sales, `${leadPath}/status`, { from: "new", to: "quoted" })).toBe(leadPath);
    const after = await open(sales, leadPath);
    expect(after.text).toContain("Now: quoted");
    expect(after.text).toContain("Sales Person changed the status from new to quoted.");

    // The inbox, filtered to it, as CSV.
    const csv = await sales.request(`/staff/leads/export.csv?q=${encodeURIComponent(words)}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const records = csvRecords(await csv.text());
    expect(records).toEqual([
      ["reference", "type", "status", "received (UTC)", "name", "e-mail", "company", "country", "subject / products / position", "assignee", "message"],
      [
        reference,
        "quote",
        "quoted",
        expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        "Anna Berg",
        "anna@nordic.example",
        "Nordic Retail AB",
        "SE",
        `${product.label} × 1,500`,
        "Sales Person",
        `Spring collection ${words}`,
      ],
    ]);

    // What an administrator reads in the audit log.
    const admin = await signedIn("admin");
    const audit = async (action: string, q: string) =>
      tableByCaption((await open(admin, `/staff/audit?action=${encodeURIComponent(action)}&q=${encodeURIComponent(q)}`)).html, "Audit entries, newest first")
        .slice(1)
        .map(([, who, what, on, detail]) => ({ who, what, on, detail }));
    const onLead = await audit("lead.", `lead:${leadId}`);
    for (const action of ["lead.view", "lead.assign", "lead.note", "lead.status"]) {
      expect(onLead.filter((e) => e.what === action && e.who === "sales@example.com" && e.on === `lead:${leadId}`).length, action).toBeGreaterThanOrEqual(1);
    }
    const statusChange = onLead.find((e) => e.what === "lead.status")!.detail;
    for (const detail of ["from: new", "to: quoted"]) expect(statusChange).toContain(detail);
    expect((await audit("lead.export", "sales@example.com")).filter((e) => e.detail?.includes(words))).toHaveLength(1);
    expect((await audit("sign-in", "sales@example.com")).length).toBeGreaterThanOrEqual(1);

    // Signed out, the session's cookie opens nothing any more; the log has the sign-out.
    const cookies = new Map(sales.cookies);
    expect(await posted(sales, "/staff/sign-out", {})).toBe("/staff/sign-in?notice=signed-out");
    const replay = server.browser();
    for (const [name, value] of cookies) replay.cookies.set(name, value);
    for (const path of ["/staff", leadPath, "/staff/leads"]) {
      const refused = await replay.request(path);
      expect(refused.status, path).toBe(303);
      expect(refused.headers.get("location")).toMatch(/^\/staff\/sign-in\?next=/);
    }
    expect(await audit("sign-out", "sales@example.com")).toHaveLength(1);
  }, 60_000);

  it("replies: sales answers a quote request from its page with a file; the buyer's e-mail has the reference and the file; the timeline shows it and the lead stops waiting", async () => {
    const words = `reply-${Date.now()}`;
    const buyer = `${words}@nordic.example`;
    const reference = await quoteRequest(buyer, words);

    const sales = await signedIn("sales");
    const waiting = async () => (await open(sales, "/staff/leads/waiting")).text.includes(reference);
    expect(await waiting(), "a new request waits for us").toBe(true);
    const leadPath = await findInInbox(sales, words, reference);
    const page = await open(sales, leadPath);
    expect(page.text).toContain(`Re: Your quote request [${reference}]`);
    expect(page.text).toContain("Sales Person via SSL");

    // The reply form as the page has it (its key against a double press), with a file attached.
    const fields = formFields(page.html, `${leadPath}/reply`);
    expect(fields.key).toMatch(/^[0-9a-f-]{36}$/);
    const priceList = Buffer.from("%PDF-1.4\n% price list\n");
    const form = new FormData();
    for (const [name, value] of Object.entries({ ...fields, action: "send", text: `Dear Anna,\nour price list is attached (${words}).` }))
      form.append(name, value);
    form.append("attachments", new File([new Uint8Array(priceList)], "price-list.pdf", { type: "application/pdf" }));
    const sent = await sales.request(`${leadPath}/reply`, { method: "POST", body: form, headers: { origin: server.url } });
    expect(sent.status, await sent.clone().text()).toBe(303);
    expect(sent.headers.get("location")).toBe(`${leadPath}#timeline-heading`);

    const mail = await mailTo(buyer, (m) => m.subject === `Re: Your quote request [${reference}]`);
    expect(mail.from?.text).toBe('"Sales Person via SSL" <sales@ssl.example>');
    expect(mail.headers.get("x-ssl-reference")).toBe(reference);
    expect(mail.text).toContain(`our price list is attached (${words}).`);
    expect(mail.attachments.map((a) => [a.filename, a.contentType, a.content.equals(priceList)])).toEqual([["price-list.pdf", "application/pdf", true]]);
    // It answers the acknowledgement the buyer got: one thread in the buyer's mail program.
    const acknowledgement = await mailTo(buyer, (m) => m.subject === `Your quote request [${reference}]`);
    expect(mail.inReplyTo).toBe(acknowledgement.messageId);

    const after = await open(sales, leadPath);
    const timeline = after.text.slice(after.text.indexOf("Timeline"));
    expect(timeline).toContain(`Sales Person replied to ${buyer}:`);
    expect(timeline).toContain(`our price list is attached (${words}).`);
    expect(timeline).toMatch(/Download price-list\.pdf/);
    expect(timeline).toContain("Sales Person changed the status from new to in progress.");
    expect(after.text).toContain("Now: in progress");
    expect(after.text).toContain("No: we wrote last");
    expect(await waiting(), "answered: no longer waiting").toBe(false);
  }, 60_000);

  it("quotations: prepared with two lines and sent as a PDF with a private link; the buyer asks for changes, v2 supersedes v1, the buyer accepts v2; the timeline has each step and the pipeline counts it", async () => {
    const words = `quotation-${Date.now()}`;
    const buyerEmail = `${words}@nordic.example`;
    const reference = await quoteRequest(buyerEmail, words);

    const sales = await signedIn("sales");
    const leadPath = await findInInbox(sales, words, reference);
    await assignToSelf(sales, leadPath);
    expect((await open(sales, leadPath)).text).toContain("No quotation has been prepared for this request yet.");

    // From here the clock is the test's: each step a second after the one before.
    clock = new Date();
    const step = () => (clock = new Date(clock.getTime() + 1000));

    // The draft: the request's product is its first line; a second line added; saved, then sent.
    const editorPath = `${leadPath}/quotation`;
    expect(await posted(sales, `${editorPath}/draft`, {})).toBe(editorPath);
    const editor = await open(sales, editorPath);
    expect(editor.text).toContain(`Quotation for ${reference}`);
    const draft = formFields(editor.html, editorPath);
    expect(draft).toMatchObject({ "line-0-product": product.label, "line-0-quantity": "1500", lines: "1" });
    const lines = {
      ...draft,
      "line-0-price": "9.25",
      "line-0-currency": "EUR",
      "line-1-product": "Cotton tote bag",
      "line-1-quantity": "2000",
      "line-1-price": "1.10",
      "line-1-currency": "USD",
    };
    expect(await posted(sales, editorPath, { ...lines, intent: "save" })).toBe(editorPath);
    const saved = await open(sales, editorPath);
    expect(
      tableByCaption(saved.html, "Totals per currency (never added across currencies)")
        .slice(1)
        .map((row) => row.join(" ")),
    ).toEqual([expect.stringContaining("EUR 13,875.00"), expect.stringContaining("USD 2,200.00")]);
    step();
    // "Review the e-mail to the buyer", then its page's form as shown (decision 0151).
    const mailPath = `${editorPath}/email`;
    expect(await posted(sales, editorPath, { ...formFields(saved.html, editorPath), intent: "send" })).toBe(mailPath);
    expect(await posted(sales, mailPath, formFields((await open(sales, mailPath)).html, mailPath))).toBe(leadPath);
    const quoted = await open(sales, leadPath);
    expect(quoted.text).toContain("Now: quoted");
    expect(quoted.text).toContain("Sales Person sent quotation v1.");

    /** The buyer's e-mail of a version: the PDF and the private link. */
    const quotationMail = async (version: string) => {
      const mail = await mailTo(buyerEmail, (m) => m.attachments.some((a) => a.filename === `${reference}-${version}.pdf`));
      expect(mail.subject).toBe(`Re: Your quote request [${reference}]`);
      const path = /https?:\/\/[^/\s]+(\/quotation\/[A-Za-z0-9_-]{43})/.exec(mail.text ?? "")?.[1];
      expect(path, "the e-mail carries the private link").toBeTruthy();
      return { mail, path: path! };
    };
    const v1 = await quotationMail("v1");
    const pdf = await pdfText(v1.mail.attachments[0]!.content);
    for (const expected of [`Quotation ${reference} v1`, product.label, "Cotton tote bag", "EUR 9.25", "EUR 13,875.00", "USD 2,200.00", "Valid until:"])
      expect(pdf).toContain(expected);

    // The buyer opens the link (no session, no script) and asks for changes with the page's form.
    const buyer = server.browser();
    const v1Page = await open(buyer, v1.path);
    expect(v1Page.text).toContain(`Quotation ${reference} v1`);
    expect(v1Page.text).toContain("EUR 13,875.00");
    step();
    expect(await posted(buyer, `${v1.path}/changes`, { message: `Can you do 8.90 EUR? ${words}` })).toBe(v1.path);
    expect((await open(buyer, v1.path)).text).toMatch(/You asked for changes on/);
    const asked = await open(sales, leadPath);
    expect(asked.text).toContain("The buyer asked for changes to quotation v1 (Anna Berg):");
    expect(asked.text).toContain(`Can you do 8.90 EUR? ${words}`);
    expect(asked.text).toContain("Now: changes requested");

    // v2 from the copy of v1, with the price the buyer asked for.
    expect(await posted(sales, `${editorPath}/draft`, {})).toBe(editorPath);
    const copy = formFields((await open(sales, editorPath)).html, editorPath);
    expect(copy).toMatchObject({ "line-0-price": "9.25", "line-1-product": "Cotton tote bag", lines: "2" });
    step();
    expect(await posted(sales, editorPath, { ...copy, "line-0-price": "8.90", intent: "send" })).toBe(mailPath);
    expect(await posted(sales, mailPath, formFields((await open(sales, mailPath)).html, mailPath))).toBe(leadPath);
    const v2 = await quotationMail("v2");
    expect(v2.mail.inReplyTo).toBe(v1.mail.messageId);
    const superseded = await open(buyer, v1.path);
    expect(superseded.text).toContain("This version has been replaced by a newer one (v2).");
    expect(superseded.html).not.toContain("<form");

    // The buyer accepts v2; the assignee is told by e-mail.
    step();
    expect(await posted(buyer, `${v2.path}/accept`, { name: "Anna Berg", position: "Head of sourcing" })).toBe(v2.path);
    expect((await open(buyer, v2.path)).text).toMatch(/Accepted by Anna Berg, Head of sourcing on/);
    const told = await mailTo("sales@example.com", (m) => m.subject === `${reference} v2: the buyer accepted it`);
    expect(told.text).toContain(leadPath);
    const accepted = await open(sales, leadPath);
    expect(accepted.text).toContain("Now: accepted");
    const timeline = accepted.text.slice(accepted.text.indexOf("Timeline"));
    for (const line of [
      "Sales Person sent quotation v1.",
      "The buyer asked for changes to quotation v1 (Anna Berg):",
      "Sales Person sent quotation v2.",
      "The buyer accepted quotation v2 (Anna Berg).",
    ]) {
      expect(timeline).toContain(line);
    }
    expect(await posted(sales, `${leadPath}/status`, { from: "accepted", to: "won" })).toBe(leadPath);
    expect((await open(sales, leadPath)).text).toContain("Now: won");

    // The pipeline counts v2's value as accepted in the month of the buyer's answer (the desk's time zone), per currency; none is open.
    const month = new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(clock).slice(0, 7);
    const pipeline = await open(sales, "/staff/quotations");
    const caption = "Quotations accepted and declined per month of the buyer's answer, value per currency";
    const months = tableByCaption(pipeline.html, caption);
    const header = months[0]!;
    const thisMonth = months.find((row) => row[0] === month)!;
    expect(Object.fromEntries(header.map((name, i) => [name, thisMonth[i]]))).toMatchObject({
      Accepted: "1",
      "Accepted value (EUR)": "13,350.00",
      "Accepted value (USD)": "2,200.00",
      Declined: "0",
    });
    expect(pipeline.text).toContain("No quotation is open.");
    const csv = await sales.request("/staff/quotations/months.csv");
    expect(csv.status).toBe(200);
    expect(csvRecords(await csv.text())).toEqual(months);
  }, 90_000);
});

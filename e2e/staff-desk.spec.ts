import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { test as base, expect, type APIResponse, type BrowserContext, type Page } from "@playwright/test";
import { staffE2eAccounts, staffE2eLeads, staffE2ePassword, type StaffE2eAccount } from "../scripts/test-setup/staff-e2e-data";
import { csvRecords } from "../test-support/csv";
import { seriousA11yViolations } from "./fixtures";
import { emlContaining, uniqueToken } from "./mail-helpers";
import { companyMailboxUrl, deliverToMailbox, mailboxFlags } from "./mailbox-helpers";
import { fillProduct, fillRequest, firstProduct, quoteForm } from "./quote-helpers";
import { localOnly } from "./studio-helpers";
import { galleryItems } from "./content";

// A product of the content under test (family/item), as /quote?item= takes it.
const productCase = galleryItems.find((i) => !i.item.slug.includes("&"))!;
const product = `${productCase.family.slug}/${productCase.item.slug}`;
/** How the desk names it (decision 0078): as the site showed it when the request came. */
const productName = `${productCase.family.label} ${productCase.item.label}`;

// The staff desk in Chromium against `npm start`'s real server on PGlite (the staff-pglite
// project: scripts/test-setup/staff-e2e-servers.mjs); the desk end to end on PostgreSQL is
// server/desk-on-postgresql.test.ts (decision 0143). The server starts with the accounts and leads of
// scripts/test-setup/staff-e2e-data.ts. Tests run in
// parallel on one server: each acts only on what it creates or reads.
//
// Staff pages have no script to hydrate: Playwright's own `test`, with every person in a browser
// context of their own (no request leaves this machine).

type Session = Awaited<ReturnType<BrowserContext["storageState"]>>;

const test = base.extend<
  {
    /**
     * A browser of its own for someone not signed in; `forwardedFor`: the address it signs in from,
     * as nginx would say it (the servers believe X-Forwarded-For from this machine, as from nginx).
     */
    visitor: (session?: Session, options?: { forwardedFor?: string }) => Promise<Page>;
    /** A browser of its own for `who`, signed in, on the staff desk's home page. */
    signedIn: (who: StaffE2eAccount) => Promise<Page>;
  },
  {
    /**
     * Each person signs in at the sign-in page once per worker, and their later tests open browsers
     * with that session: fewer scrypt checks and page loads for the same coverage. The sign-out test
     * makes and ends a session of its own.
     */
    sessions: (who: StaffE2eAccount, signInAs: (who: StaffE2eAccount) => Promise<Session>) => Promise<Session>;
  }
>({
  sessions: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructured fixtures argument.
    async ({}, provide) => {
      const made = new Map<StaffE2eAccount, Promise<Session>>();
      await provide((who, signInAs) => {
        if (!made.has(who))
          made.set(
            who,
            signInAs(who).catch((error: unknown) => (made.delete(who), Promise.reject(error))),
          );
        return made.get(who)!;
      });
    },
    { scope: "worker" },
  ],
  visitor: async ({ browser, baseURL }, provide) => {
    expect(baseURL, "the staff e2e server is started by playwright.config.ts's webServer").toBeTruthy();
    const contexts: BrowserContext[] = [];
    await provide(async (session, options = {}) => {
      const extraHTTPHeaders = options.forwardedFor ? { "x-forwarded-for": options.forwardedFor } : undefined;
      const context = await browser.newContext({ baseURL, storageState: session, extraHTTPHeaders });
      contexts.push(context);
      const page = await context.newPage();
      await localOnly(page);
      return page;
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
  signedIn: async ({ visitor, sessions }, provide) => {
    const signInAs = async (who: StaffE2eAccount) => {
      const page = await visitor();
      await page.goto("/staff/sign-in");
      await signIn(page, who);
      await expect(page.getByRole("heading", { level: 1, name: "Staff desk" })).toBeVisible();
      return page.context().storageState();
    };
    await provide(async (who) => {
      const page = await visitor(await sessions(who, signInAs));
      await page.goto("/staff");
      await expect(page.getByRole("banner")).toContainText(staffE2eAccounts[who].name);
      return page;
    });
  },
});

// Each test is several people's browsers in turn: more than the default 30 s on a machine also
// running the desktop project's two workers.
test.describe.configure({ timeout: 60_000 });

async function signIn(page: Page, who: StaffE2eAccount, password = staffE2ePassword) {
  await page.getByLabel("E-mail address").fill(staffE2eAccounts[who].email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

const staffNav = (page: Page) => page.getByRole("navigation", { name: "Staff desk" });
const inboxTable = (page: Page) => page.getByRole("table", { name: "Leads, newest first" });
const auditTable = (page: Page) => page.getByRole("table", { name: "Audit entries, newest first" });

/** The inbox searched for `words`, through its form. */
async function searchInbox(page: Page, words: string) {
  await page.goto("/staff/leads");
  await page.getByLabel("Search names, e-mails, companies, subjects and messages").fill(words);
  await page.getByRole("button", { name: "Show leads" }).click();
  await expect(page).toHaveURL(/[?&]q=/);
}

/** The audit log filtered by action and "E-mail or target contains", through its form. */
async function searchAudit(page: Page, action: string, contains: string) {
  await page.goto("/staff/audit");
  await page.getByLabel("Action").selectOption(action);
  await page.getByLabel("E-mail or target contains").fill(contains);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/[?&]action=/);
}

/** Audit rows whose Who, What and On cells are exactly these. */
const auditRows = (page: Page, who: string, what: string, on?: string) =>
  auditTable(page)
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: who, exact: true }) })
    .filter({ has: page.getByRole("cell", { name: what, exact: true }) })
    .filter(on ? { has: page.getByRole("cell", { name: on, exact: true }) } : {});

test("an administrator signs in and out; the session's cookie then opens no staff page; the audit log has both", async ({
  browser,
  baseURL,
  visitor,
  signedIn,
}) => {
  const page = await visitor();
  await page.goto("/staff/leads");
  await expect(page).toHaveURL(/\/staff\/sign-in\?next=%2Fstaff%2Fleads$/);
  await signIn(page, "admin");
  await expect(page).toHaveURL(/\/staff\/leads$/);
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
  await expect(page.getByRole("banner")).toContainText(`${staffE2eAccounts.admin.name} (Administrator)`);
  const session = (await page.context().cookies()).filter((cookie) => cookie.name.startsWith("ssl-staff."));
  expect(session.map((cookie) => cookie.name)).toContain("ssl-staff.session_token");

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/staff\/sign-in\?notice=signed-out$/);
  await expect(page.getByRole("status")).toHaveText("You are signed out.");

  // The cookie as it was before signing out, in another browser: the server has revoked its session.
  const replay = await browser.newContext({ baseURL });
  try {
    await replay.addCookies(session);
    const again = await replay.newPage();
    await again.goto("/staff/audit");
    await expect(again).toHaveURL(/\/staff\/sign-in\?next=%2Fstaff%2Faudit$/);
    await expect(again.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  } finally {
    await replay.close();
  }

  // Read in another session of the same account (this is the only test that signs out).
  const admin = await signedIn("admin");
  const { email } = staffE2eAccounts.admin;
  await searchAudit(admin, "sign-out", email);
  await expect(auditRows(admin, email, "sign-out")).toHaveCount(1);
  await searchAudit(admin, "sign-in", email);
  await expect(auditRows(admin, email, "sign-in").first()).toBeVisible();
});

test("on a phone the inbox's table scrolls sideways in its frame, not the page, and a subject reads in lines, not a word a line", async ({ signedIn }) => {
  const sales = await signedIn("sales");
  await sales.setViewportSize({ width: 360, height: 740 });
  await sales.goto(`/staff/leads?q=${encodeURIComponent(staffE2eLeads.contact.fields.name)}`);
  const table = inboxTable(sales);
  const row = table.getByRole("row").filter({ has: sales.getByRole("link", { name: staffE2eLeads.contact.fields.name }) });
  await expect(row).toBeVisible();
  expect(await sales.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // The frame around the table scrolls; the topic column keeps the width of a short line (14rem).
  expect(await table.evaluate((t) => t.parentElement!.scrollWidth > t.parentElement!.clientWidth)).toBe(true);
  const headers = await table.getByRole("columnheader").allTextContents();
  const topic = row.getByRole("cell").nth(headers.indexOf("Subject or products") - 1);
  expect((await topic.boundingBox())!.width).toBeGreaterThanOrEqual(14 * 16);
  expect(await seriousA11yViolations(sales)).toEqual([]);
});

test("a quote request sent from /quote reaches sales' inbox; assigned, noted, marked quoted, exported to CSV; each step in the audit log", async ({
  visitor,
  signedIn,
}) => {
  test.setTimeout(90_000);
  const token = uniqueToken();

  // The buyer, on the public site with JavaScript.
  const buyer = await visitor();
  await buyer.goto(`/quote?item=${product}`);
  await buyer.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 15_000 });
  const form = quoteForm(buyer);
  await fillProduct(firstProduct(form), { quantity: "1500", colours: "3" });
  await fillRequest(form, token);
  await form.getByRole("button", { name: "Send quote request" }).click();
  const sent = buyer.getByRole("status").filter({ hasText: "Quote request sent." });
  await expect(sent).toContainText(/Your reference is Q-\d{4}-\d{5}/);
  const quoteReference = /Q-\d{4}-\d{5}/.exec((await sent.textContent())!)![0];

  // Sales finds it by the buyer's words and opens it.
  const sales = await signedIn("sales");
  await searchInbox(sales, token);
  await expect(sales.getByRole("status")).toHaveText("1 lead");
  expect(await seriousA11yViolations(sales)).toEqual([]);
  const row = inboxTable(sales).getByRole("row").filter({ hasText: "Anna Berg" });
  await expect(row).toContainText("Nordic Retail AB, SE");
  await expect(row.getByRole("cell")).toHaveText([
    quoteReference,
    "quote",
    "new",
    new RegExp(`^${productName} × 1,500$`),
    "English (en)",
    /UTC\s*due in \d+ (min|h|days)$/,
    /^\d+ min$/,
    "nobody",
  ]);
  await row.getByRole("link", { name: "Anna Berg" }).click();
  const title = sales.getByRole("heading", { level: 1 });
  // A quote is known by the reference its buyer was given, in the title, the reply's subject and the CSV.
  await expect(title).toHaveText(`${quoteReference}: quote from Anna Berg`);
  const leadId = /\/staff\/leads\/(\d+)/.exec(sales.url())![1]!;
  await expect(sales.getByRole("link", { name: "Write a reply" })).toHaveAttribute("href", "#reply");
  await expect(sales.getByRole("region", { name: "Reply" })).toContainText(`[${quoteReference}]`);
  await expect(sales.getByText("Now: new")).toBeVisible();
  // Each product by its name and address, with its specification's minimum order as the site showed it.
  await expect(sales.getByRole("main")).toContainText(`1. ${productName} (${product}): 1,500 pieces in 3 colour(s)`);
  await expect(sales.getByRole("main")).toContainText(`${productCase.item.specs.terms.moqPiecesPerColour} pieces per colour`);
  expect(await seriousA11yViolations(sales)).toEqual([]);

  const history = sales.getByRole("region", { name: "Timeline" });
  await sales.getByLabel("Handled by").selectOption({ label: staffE2eAccounts.sales.name });
  await sales.getByRole("button", { name: "Assign", exact: true }).click();
  await expect(history).toContainText(`${staffE2eAccounts.sales.name} assigned it to ${staffE2eAccounts.sales.name}.`);

  const note = `Called Anna: samples by Friday (${token}).`;
  await sales.getByLabel("New internal note (staff only)").fill(note);
  await sales.getByRole("button", { name: "Add note" }).click();
  await expect(history).toContainText(note);

  await sales.getByRole("button", { name: "Mark as quoted" }).click();
  await expect(sales.getByText("Now: quoted")).toBeVisible();
  await expect(history).toContainText(`${staffE2eAccounts.sales.name} changed the status from new to quoted.`);

  // The inbox, filtered to it, as CSV.
  await searchInbox(sales, token);
  const download = sales.waitForEvent("download");
  await sales.getByRole("link", { name: "Export this lead as CSV" }).click();
  const csv = csvRecords(await readFile((await (await download).path())!, "utf8"));
  expect(csv[0]).toEqual([
    "reference",
    "type",
    "status",
    "received (UTC)",
    "name",
    "e-mail",
    "company",
    "country",
    "subject / products / position",
    "assignee",
    "message",
  ]);
  expect(csv).toHaveLength(2);
  expect(csv[1]).toEqual([
    quoteReference,
    "quote",
    "quoted",
    expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    "Anna Berg",
    "anna@nordic.example",
    "Nordic Retail AB",
    "SE",
    `${productName} × 1,500`,
    staffE2eAccounts.sales.name,
    `Spring collection ${token}`,
  ]);

  // What the administrator reads in the audit log.
  const admin = await signedIn("admin");
  const { email } = staffE2eAccounts.sales;
  await searchAudit(admin, "lead.", `lead:${leadId}`);
  await expect(auditRows(admin, email, "lead.view", `lead:${leadId}`).first()).toBeVisible();
  for (const action of ["lead.assign", "lead.note", "lead.status"]) await expect(auditRows(admin, email, action, `lead:${leadId}`)).toHaveCount(1);
  for (const detail of ["from: new", "to: quoted"]) await expect(auditRows(admin, email, "lead.status", `lead:${leadId}`)).toContainText(detail);
  await searchAudit(admin, "lead.export", email);
  await expect(auditRows(admin, email, "lead.export").filter({ hasText: token })).toHaveCount(1);
  await searchAudit(admin, "sign-in", email);
  await expect(auditRows(admin, email, "sign-in").first()).toBeVisible();
});

test("an administrator gives a contact message to sales: sales gets an e-mail naming it, with a link that opens it, and nothing of the sender", async ({
  visitor,
  signedIn,
  baseURL,
}) => {
  const token = uniqueToken();
  const buyer = await visitor();
  await buyer.goto("/contact");
  const form = buyer.getByRole("form", { name: "Get In Touch" });
  await form.getByLabel("Name").fill("Ada Buyer");
  await form.getByLabel("Email").fill("ada@example.com");
  await form.getByLabel("Subject").fill(`Knitwear ${token}`);
  await form.getByLabel("Message").fill("We need 5,000 sweaters.");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(buyer.getByText("Message sent successfully!")).toBeVisible();

  const admin = await signedIn("admin");
  await searchInbox(admin, token);
  await inboxTable(admin).getByRole("link", { name: "Ada Buyer" }).click();
  const reference = /^(C-\d{4}-\d{5}): contact from Ada Buyer$/.exec((await admin.getByRole("heading", { level: 1 }).textContent()) ?? "")?.[1];
  expect(reference).toBeTruthy();
  await admin.getByLabel("Handled by").selectOption({ label: staffE2eAccounts.sales.name });
  await admin.getByRole("button", { name: "Assign", exact: true }).click();
  await expect(admin.getByRole("region", { name: "Timeline" })).toContainText(`${staffE2eAccounts.admin.name} assigned it to ${staffE2eAccounts.sales.name}.`);

  // The relay hands it to the SMTP sink at once: the e-mail that names this lead, on this server.
  const assigned = async () => {
    const mails = await Promise.all((await emlContaining(`Assigned to you: ${reference} (contact)`)).map((eml) => simpleParser(eml)));
    return mails.filter((m) => m.text?.includes(`${baseURL}/staff/leads/`));
  };
  await expect.poll(async () => (await assigned()).length).toBe(1);
  const [mail] = await assigned();
  expect(mail!.to && "text" in mail!.to ? mail!.to.text : "").toBe(`"${staffE2eAccounts.sales.name}" <${staffE2eAccounts.sales.email}>`);
  expect(mail!.text).toContain(`${staffE2eAccounts.admin.name} gave you ${reference}, a contact lead received`);
  expect(mail!.text).toContain(`Subject: Knitwear ${token}`);
  expect(mail!.text).not.toMatch(/Ada Buyer|ada@example\.com|sweaters/);
  const link = new RegExp(`${baseURL}/staff/leads/\\d+`).exec(mail!.text ?? "")![0];

  const sales = await signedIn("sales");
  await sales.goto(link);
  await expect(sales.getByRole("heading", { level: 1 })).toHaveText(`${reference}: contact from Ada Buyer`);
  await expect(sales.getByLabel("Handled by").locator("option:checked")).toHaveText(staffE2eAccounts.sales.name);
});

test("an editor opens the studio from the staff desk and saves through its API; the save lands in the server's copy of content/", async ({
  signedIn,
  baseURL,
}) => {
  const editor = await signedIn("editor");
  await staffNav(editor).getByRole("link", { name: "Content studio" }).click();
  await expect(editor).toHaveURL(/\/keystatic$/);
  // The studio is a 3 MB script: on a busy machine its first screen takes longer than expect's 5 s.
  await expect(editor.getByRole("main").getByRole("heading", { level: 2, name: "Home page" })).toBeVisible({ timeout: 30_000 });

  // A save as the studio makes it: the file's current text from the tree, the edited text posted back.
  const api = { "no-cors": "1" };
  const site = "content/site.yaml";
  const shaOf = async (response: APIResponse) => ((await response.json()) as { path: string; sha: string }[]).find((e) => e.path === site)!.sha;
  const tree = await editor.request.get("/api/keystatic/tree", { headers: api });
  expect(tree.status()).toBe(200);
  const before = await (await editor.request.get(`/api/keystatic/blob/${await shaOf(tree)}/${site}`, { headers: api })).text();
  const tagline = `Saved by the staff e2e ${uniqueToken()}`;
  const edited = before.replace(/^tagline: .*$/m, `tagline: ${tagline}`);
  expect(edited).not.toBe(before);
  const saved = await editor.request.post("/api/keystatic/update", {
    headers: { ...api, "content-type": "application/json", origin: new URL(baseURL!).origin },
    data: JSON.stringify({ additions: [{ path: site, contents: Buffer.from(edited).toString("base64url") }], deletions: [] }),
  });
  expect(saved.status()).toBe(200);
  const after = await editor.request.get(`/api/keystatic/blob/${await shaOf(saved)}/${site}`, { headers: api });
  expect(after.status()).toBe(200);
  expect(await after.text()).toBe(edited);
  // The content under test is not the server's: it still has the text the server's copy started from.
  expect(await readFile(join(process.env.CONTENT_DIR ?? "content", "site.yaml"), "utf8")).toBe(before);
});

test("a buyer's answer delivered to the company's mailbox comes back to its quote request: unread again, the assignee told by e-mail, marked read in the mailbox", async ({
  visitor,
  signedIn,
}, testInfo) => {
  test.setTimeout(90_000);
  const token = uniqueToken();
  const buyer = await visitor();
  await buyer.goto(`/quote?item=${product}`);
  await buyer.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 15_000 });
  const form = quoteForm(buyer);
  await fillProduct(firstProduct(form), { quantity: "1200", colours: "2" });
  await fillRequest(form, token);
  await form.getByRole("button", { name: "Send quote request" }).click();
  const sent = buyer.getByRole("status").filter({ hasText: "Quote request sent." });
  await expect(sent).toContainText(/Your reference is Q-\d{4}-\d{5}/);
  const quoteReference = /Q-\d{4}-\d{5}/.exec((await sent.textContent())!)![0];

  // Sales opens it (read) and takes it.
  const sales = await signedIn("sales");
  await searchInbox(sales, token);
  await inboxTable(sales).getByRole("link", { name: "Anna Berg" }).click();
  const leadPath = new URL(sales.url()).pathname;
  await sales.getByLabel("Handled by").selectOption({ label: staffE2eAccounts.sales.name });
  await sales.getByRole("button", { name: "Assign", exact: true }).click();
  await expect(sales.getByRole("region", { name: "Timeline" })).toContainText(`assigned it to ${staffE2eAccounts.sales.name}`);
  await searchInbox(sales, token);
  const row = () => inboxTable(sales).getByRole("row").filter({ hasText: "Anna Berg" });
  await expect(row()).not.toContainText("(unread)");

  // The buyer answers from their own mail program, keeping the reference in the subject.
  const mailbox = companyMailboxUrl();
  const uid = await deliverToMailbox(mailbox, {
    from: "Anna Berg <anna@nordic.example>",
    to: "info@localhost",
    messageId: `<answer-${token}@nordic.example>`,
    subject: `Re: Spring collection [${quoteReference}]`,
    text: `Could you make it 1,500 pieces? ${token}`,
  });

  // Within seconds the lead is unread again for sales.
  await expect(async () => {
    await searchInbox(sales, token);
    await expect(row()).toContainText("(unread)", { timeout: 1000 });
  }).toPass({ timeout: 20_000 });

  // On the lead's timeline, as text.
  await sales.goto(leadPath);
  await expect(sales.getByRole("region", { name: "Timeline" })).toContainText(`Could you make it 1,500 pieces? ${token}`);

  // Sales, who handles it, is told by e-mail: the reference and a link to the lead at the site's
  // public address (as the quote notification), nothing the buyer wrote. This server's, by its sender
  // (scripts/test-setup/staff-e2e-servers.mjs): the sink also holds the main e2e server's mail.
  const sender = `@${testInfo.project.name.replace(/^staff-/, "")}.localhost>`;
  const told = async () =>
    (await Promise.all((await emlContaining(`New message on ${quoteReference} (quote)`)).map((eml) => simpleParser(eml)))).filter(
      (m) => m.from?.text.includes(sender) && new RegExp(`https?://\\S+${leadPath}\\b`).test(m.text ?? ""),
    );
  await expect.poll(async () => (await told()).length, { timeout: 20_000 }).toBe(1);
  const [mail] = await told();
  expect(mail!.to && "text" in mail!.to ? mail!.to.text : "").toContain(staffE2eAccounts.sales.email);
  expect(mail!.text).not.toMatch(new RegExp(`Anna|1,500|${token}`));

  // The desk has it: the mailbox shows it read (an answer to no lead would keep its flags).
  await expect.poll(() => mailboxFlags(mailbox, uid), { timeout: 20_000 }).toContain("\\Seen");
});

test("sales answers a quote request from its page with a file: the buyer's e-mail has the reference, the headers and the file; the timeline shows it and the lead stops waiting", async ({
  visitor,
  signedIn,
}) => {
  const token = uniqueToken();
  // An address of this test's own: the e2e servers share the SMTP sink.
  const buyerEmail = `${token}@nordic.example`;
  const buyer = await visitor();
  await buyer.goto(`/quote?item=${product}`);
  await buyer.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 15_000 });
  const form = quoteForm(buyer);
  await fillProduct(firstProduct(form), { quantity: "2500", colours: "2" });
  await fillRequest(form, token, { email: buyerEmail });
  await form.getByRole("button", { name: "Send quote request" }).click();
  const sent = buyer.getByRole("status").filter({ hasText: "Quote request sent." });
  await expect(sent).toContainText(/Your reference is Q-\d{4}-\d{5}/);
  const reference = /Q-\d{4}-\d{5}/.exec((await sent.textContent())!)![0];
  const topic = `${productName} × 2,500`;

  // A new request waits for us until it is answered; on a phone, how long is in view next to who it is from.
  const sales = await signedIn("sales");
  await sales.goto("/staff/leads");
  await sales.getByRole("link", { name: "Waiting for us" }).click();
  await expect(sales.getByRole("heading", { level: 1, name: "Waiting for us" })).toBeVisible();
  const waitingTable = sales.getByRole("table", { name: "Leads waiting for us, longest first" });
  const waitingRow = waitingTable.getByRole("row").filter({ hasText: reference }).filter({ hasText: topic });
  const waited = waitingRow.getByRole("cell").nth((await waitingTable.getByRole("columnheader").allTextContents()).indexOf("Waiting") - 1);
  await expect(waited).toHaveText(/^\d+ minutes?$/);
  await sales.setViewportSize({ width: 390, height: 844 });
  const box = (await waited.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await seriousA11yViolations(sales)).toEqual([]);
  await sales.setViewportSize({ width: 1280, height: 720 });
  await waitingRow.getByRole("link", { name: "Anna Berg" }).click();

  await expect(sales.getByRole("heading", { level: 1 })).toHaveText(`${reference}: quote from Anna Berg`);
  const reply = sales.getByRole("region", { name: "Reply" });
  await expect(reply).toContainText(`Re: Your quote request [${reference}]`);
  await expect(reply).toContainText(`${staffE2eAccounts.sales.name} via SSL`);
  await reply.getByLabel("Your reply").fill(`Dear Anna,\nour price list is attached (${token}).`);
  await reply
    .getByLabel("Attachments (optional)")
    .setInputFiles({ name: "price-list.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n% price list\n") });
  await reply.getByRole("button", { name: "Send reply" }).click();

  const timeline = sales.getByRole("region", { name: "Timeline" });
  await expect(timeline).toContainText(`${staffE2eAccounts.sales.name} replied to ${buyerEmail}:`);
  await expect(timeline).toContainText(`our price list is attached (${token}).`);
  await expect(timeline.getByRole("link", { name: /^Download price-list\.pdf/ })).toBeVisible();
  await expect(timeline).toContainText(`${staffE2eAccounts.sales.name} changed the status from new to in progress.`);
  await expect(sales.getByText("No: we wrote last")).toBeVisible();
  await expect(sales.getByText(/after it arrived/)).toBeVisible();
  expect(await seriousA11yViolations(sales)).toEqual([]);

  // A second word in the same thread.
  await reply.getByLabel("Your reply").fill(`The colour card follows by courier (${token}-2).`);
  await reply.getByRole("button", { name: "Send reply" }).click();
  await expect(timeline).toContainText(`The colour card follows by courier (${token}-2).`);

  // The buyer's e-mails, as the SMTP sink received them from the relay.
  const mailWith = async (words: string) => {
    await expect.poll(async () => (await emlContaining(words)).length).toBe(1);
    return simpleParser((await emlContaining(words))[0]!);
  };
  // The second reply quotes the first below its text (decision 0135): the first is the one without the second's words.
  const second = await mailWith(`(${token}-2).`);
  const firstReply = async () =>
    (await Promise.all((await emlContaining(`(${token}).`)).map((text) => simpleParser(text)))).filter((m) => !(m.text ?? "").includes(`(${token}-2).`));
  await expect.poll(async () => (await firstReply()).length).toBe(1);
  const mail = (await firstReply())[0]!;
  expect(mail.subject).toBe(`Re: Your quote request [${reference}]`);
  expect(mail.from?.text).toBe(`"${staffE2eAccounts.sales.name} via SSL" <${mail.from?.value[0]?.address}>`);
  expect(mail.to && "text" in mail.to ? mail.to.text : "").toBe(buyerEmail);
  expect(mail.messageId).toMatch(/^<reply-[0-9a-f-]{36}@/);
  expect(mail.headers.get("x-ssl-reference")).toBe(reference);
  expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([["price-list.pdf", "application/pdf"]]);
  // The first answers the acknowledgement the buyer got for the request; the second answers the
  // first: In-Reply-To and References name them, so the buyer's mail program shows one thread.
  const toBuyer = await Promise.all((await emlContaining(buyerEmail)).map((text) => simpleParser(text)));
  expect(toBuyer.find((m) => m.messageId === mail.inReplyTo)?.subject).toContain(reference);
  expect([mail.references].flat()).toEqual([mail.inReplyTo]);
  expect(second.subject).toBe(`Re: Your quote request [${reference}]`);
  expect(second.inReplyTo).toBe(mail.messageId);
  expect([second.references].flat()).toEqual([mail.inReplyTo, mail.messageId]);
  expect(second.attachments).toEqual([]);

  // Answered: no longer waiting.
  await sales.goto("/staff/leads/waiting");
  await expect(sales.getByRole("row").filter({ hasText: reference }).filter({ hasText: topic })).toHaveCount(0);
});

test("keyboard shortcuts on a lead's page: j opens the next lead, r goes to the reply box, ? to the help; a j typed in the note stays there; no CSP violation", async ({
  signedIn,
}) => {
  const admin = await signedIn("admin");
  const violations: string[] = [];
  admin.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  // The seeded leads, received one, two and three days ago: a list no other test adds to (theirs arrive today).
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await admin.goto(`/staff/leads?to=${yesterday}`);
  await inboxTable(admin).getByRole("link", { name: staffE2eLeads.contact.fields.name }).click();
  const title = admin.getByRole("heading", { level: 1 });
  await expect(title).toHaveText(/contact from Nadia Rahman$/);
  const contactPage = admin.url();

  const note = admin.getByLabel("New internal note (staff only)");
  await note.click();
  await admin.keyboard.press("j");
  await expect(note).toHaveValue("j");
  expect(admin.url()).toBe(contactPage);

  await title.click();
  await admin.keyboard.press("r");
  await expect(admin.getByLabel("Your reply")).toBeFocused();

  await title.click();
  await admin.keyboard.press("j");
  await expect(title).toHaveText(/application from Rahim Uddin$/);
  // The shortcuts' script ends the page: the heading can show before it has run.
  await admin.waitForLoadState("domcontentloaded");

  await admin.keyboard.press("?");
  await expect(title).toHaveText("Keyboard shortcuts");
  await expect(admin.getByRole("table", { name: "The staff desk's shortcuts" })).toBeVisible();
  expect(violations).toEqual([]);
});

test("the weekly reports: a chart with a table of the same figures and a CSV for admin and sales; no link for hr", async ({ signedIn }) => {
  const sales = await signedIn("sales");
  await staffNav(sales).getByRole("link", { name: "Reports" }).click();
  await expect(sales.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  await expect(sales.getByRole("img", { name: "Leads received per week" })).toBeVisible();
  const table = sales.getByRole("table", { name: "Leads and first responses per week, oldest first" });
  await expect(table.getByRole("row")).toHaveCount(13);
  await expect(table.getByRole("columnheader", { name: "Received: application" })).toHaveCount(0);
  expect(await seriousA11yViolations(sales)).toEqual([]);
  const download = sales.waitForEvent("download");
  await sales.getByRole("link", { name: "Download these figures as CSV" }).click();
  const csv = csvRecords(await readFile((await (await download).path())!, "utf8"));
  expect(csv[0]).toEqual([
    "week (Monday)",
    "received: contact",
    "received: quote",
    "received",
    "first response median (hours)",
    "first response p90 (hours)",
    "answered within one working day (%)",
    "replies sent",
  ]);
  expect(csv).toHaveLength(13);

  const hr = await signedIn("hr");
  await expect(staffNav(hr).getByRole("link", { name: "Reports" })).toHaveCount(0);
  expect((await hr.goto("/staff/reports"))!.status()).toBe(403);
});

/**
 * The buyer's e-mail of a quotation version, once the relay has put it in the SMTP sink: the one to
 * this test's buyer (the e2e servers share the sink, and their leads may have the same reference).
 */
async function quotationMail(label: string, buyerEmail: string) {
  let eml: string | undefined;
  await expect
    .poll(async () => (eml = (await emlContaining(`Quotation: ${label}`)).find((text) => text.includes(buyerEmail))), { timeout: 20_000 })
    .toBeTruthy();
  const mail = await simpleParser(eml!);
  const link = /https?:\/\/[^/\s]+(\/quotation\/[A-Za-z0-9_-]{43})/.exec(mail.text ?? "");
  expect(link, "the e-mail carries the private link").toBeTruthy();
  return { mail, path: link![1]! };
}

const pdfTextOf = async (bytes: Uint8Array) => {
  const { extractText, getDocumentProxy } = await import("unpdf");
  return (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text.replace(/\s+/g, " ");
};

test("a quotation: prepared with two lines and sent as a PDF with a private link; the buyer asks for changes without JavaScript, v2 supersedes v1, the buyer accepts v2", async ({
  visitor,
  signedIn,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const token = uniqueToken();
  const buyerEmail = `${token}@nordic.example`;
  const buyerSite = await visitor();
  await buyerSite.goto(`/quote?item=${product}`);
  await buyerSite.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 15_000 });
  const form = quoteForm(buyerSite);
  await fillProduct(firstProduct(form), { quantity: "1500", colours: "3" });
  await fillRequest(form, token, { email: buyerEmail });
  await form.getByRole("button", { name: "Send quote request" }).click();
  const sent = buyerSite.getByRole("status").filter({ hasText: "Quote request sent." });
  await expect(sent).toContainText(/Your reference is Q-\d{4}-\d{5}/);
  const reference = /Q-\d{4}-\d{5}/.exec((await sent.textContent())!)![0];

  // Sales takes the request and prepares a quotation: the request's product is the first line.
  const sales = await signedIn("sales");
  await searchInbox(sales, token);
  await inboxTable(sales).getByRole("link", { name: "Anna Berg" }).click();
  await sales.getByLabel("Handled by").selectOption({ label: staffE2eAccounts.sales.name });
  await sales.getByRole("button", { name: "Assign", exact: true }).click();
  const quotation = sales.getByRole("region", { name: "Quotation" });
  await expect(quotation).toContainText("No quotation has been prepared for this request yet.");
  await quotation.getByRole("button", { name: "Prepare a quotation" }).click();
  await expect(sales.getByRole("heading", { level: 1 })).toHaveText(`Quotation for ${reference}`);
  const line1 = sales.getByRole("group", { name: "Line 1" });
  await expect(line1.getByLabel("Product")).toHaveValue(productName);
  await expect(line1.getByLabel("Quantity (pieces)")).toHaveValue("1500");
  await line1.getByLabel("Unit price").fill("9.25");
  await line1.getByLabel("Currency").fill("EUR");
  const added = sales.getByRole("group", { name: "Add a line" });
  await added.getByLabel("Product").fill("Cotton tote bag");
  await added.getByLabel("Quantity (pieces)").fill("2000");
  await added.getByLabel("Unit price").fill("1.10");
  await added.getByLabel("Currency").fill("USD");
  await sales.getByRole("button", { name: "Save the draft" }).click();
  const totals = sales.getByRole("table", { name: "Totals per currency (never added across currencies)" });
  await expect(totals.getByRole("row", { name: /EUR/ })).toContainText("EUR 13,875.00");
  await expect(totals.getByRole("row", { name: /USD/ })).toContainText("USD 2,200.00");
  expect(await seriousA11yViolations(sales)).toEqual([]);
  // The e-mail to the buyer, shown as it will go before it is sent (decision 0151).
  await sales.getByRole("button", { name: "Review the e-mail to the buyer" }).click();
  await expect(sales.getByLabel("Text of the e-mail")).toHaveValue(/Please find attached our quotation/);
  await sales.getByRole("button", { name: "Send to the buyer" }).click();
  await expect(quotation.getByRole("table", { name: "Quotations sent, newest first" })).toContainText(`${reference} v1`);
  await expect(sales.getByText("Now: quoted")).toBeVisible();

  // The buyer's e-mail in the sink: the PDF (its text read back) and the link.
  const v1 = await quotationMail(`${reference} v1`, buyerEmail);
  expect(v1.mail.to && "text" in v1.mail.to ? v1.mail.to.text : "").toBe(buyerEmail);
  const [pdf] = v1.mail.attachments;
  expect(pdf!.filename).toBe(`${reference}-v1.pdf`);
  const pdfText = await pdfTextOf(pdf!.content);
  for (const expected of [
    `Quotation ${reference} v1`,
    productName,
    "Cotton tote bag",
    "EUR 9.25",
    "EUR 13,875.00",
    "USD 2,200.00",
    "Total EUR",
    "Total USD",
    "Valid until:",
  ])
    expect(pdfText).toContain(expected);

  // The buyer opens the link with JavaScript off and asks for changes.
  const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const buyer = await noScript.newPage();
  await buyer.goto(v1.path);
  await expect(buyer.getByRole("heading", { level: 1 })).toHaveText(`Quotation ${reference} v1`);
  // axe runs as a script in the page: the same page (which has none of its own) in a browser with JavaScript on.
  await buyerSite.goto(v1.path);
  expect(await seriousA11yViolations(buyerSite)).toEqual([]);
  await buyer.getByLabel("What should change?").fill(`Can you do 8.90 EUR? ${token}`);
  await buyer.getByRole("button", { name: "Ask for changes" }).click();
  await expect(buyer.getByText(/^You asked for changes on/)).toBeVisible();
  await sales.reload();
  const history = sales.getByRole("region", { name: "Timeline" });
  await expect(history).toContainText(`Can you do 8.90 EUR? ${token}`);
  await expect(sales.getByText("Now: changes requested")).toBeVisible();

  // v2 from the copy of v1.
  await quotation.getByRole("button", { name: "Prepare a quotation" }).click();
  await expect(sales.getByRole("group", { name: "Line 1" }).getByLabel("Unit price")).toHaveValue("9.25");
  await sales.getByRole("group", { name: "Line 1" }).getByLabel("Unit price").fill("8.90");
  // The e-mail to the buyer, shown as it will go before it is sent (decision 0151).
  await sales.getByRole("button", { name: "Review the e-mail to the buyer" }).click();
  await expect(sales.getByLabel("Text of the e-mail")).toHaveValue(/Please find attached our quotation/);
  await sales.getByRole("button", { name: "Send to the buyer" }).click();
  await expect(quotation.getByRole("table", { name: "Quotations sent, newest first" })).toContainText(`${reference} v2`);
  const v2 = await quotationMail(`${reference} v2`, buyerEmail);
  await buyer.goto(v1.path);
  await expect(buyer.getByText("This version has been replaced by a newer one (v2).", { exact: false })).toBeVisible();
  await expect(buyer.getByRole("button")).toHaveCount(0);

  // The buyer accepts v2; the assignee is told; the lead is accepted, then won when sales confirm.
  await buyer.goto(v2.path);
  await buyer.getByLabel("Your name").fill("Anna Berg");
  await buyer.getByLabel("Your position").fill("Head of sourcing");
  await buyer.getByRole("button", { name: "Accept the quotation" }).click();
  await expect(buyer.getByText(/^Accepted by Anna Berg, Head of sourcing on/)).toBeVisible();
  await noScript.close();
  await sales.reload();
  await expect(sales.getByText("Now: accepted")).toBeVisible();
  await expect(history).toContainText("The buyer accepted quotation v2 (Anna Berg).");
  // This server's notice, by its sender (scripts/test-setup/staff-e2e-servers.mjs): the sink also holds the main e2e server's mail.
  const sender = `@${testInfo.project.name.replace(/^staff-/, "")}.localhost>`;
  const notices = async () =>
    (await Promise.all((await emlContaining(`${reference} v2: the buyer accepted it`)).map((eml) => simpleParser(eml)))).filter((m) =>
      m.from?.text.includes(sender),
    );
  await expect.poll(async () => (await notices()).length, { timeout: 20_000 }).toBe(1);
  const [told] = await notices();
  expect(told!.to && "text" in told!.to ? told!.to.text : "").toContain(staffE2eAccounts.sales.email);
  await sales.getByRole("button", { name: "Mark as won" }).click();
  await expect(sales.getByText("Now: won")).toBeVisible();

  // The pipeline view counts v2's value as accepted this month (the desk's time zone), per currency; v2 is no longer open.
  await sales.getByRole("navigation", { name: "Staff desk" }).getByRole("link", { name: "Quotations" }).click();
  const month = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Dhaka" }).format(new Date()).slice(0, 7);
  const months = sales.getByRole("table", { name: "Quotations accepted and declined per month of the buyer's answer, value per currency" });
  const thisMonth = months.getByRole("row", { name: new RegExp(`^${month}`) });
  await expect(thisMonth).toContainText("13,350.00");
  await expect(thisMonth).toContainText("2,200.00");
  await expect(sales.getByRole("main")).not.toContainText(`${reference} v2`);
  expect(await seriousA11yViolations(sales)).toEqual([]);
});

/**
 * What makes `page` wider than the window at its width, or hides part of it in a frame nobody can
 * reach by keyboard: the page's own width, the first elements past the right edge that no scrolling
 * frame holds, and each frame that scrolls sideways without being a focusable, named region
 * (decision 0139). Empty when the page fits.
 */
async function sidewaysProblems(page: Page): Promise<string[]> {
  // Measured once the page's stylesheet has loaded: a heading shows before it, the frames' overflow not.
  await page.waitForLoadState("load");
  return page.evaluate(() => {
    const width = window.innerWidth;
    const problems: string[] = [];
    const name = (e: Element) =>
      `<${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ""}${e.className && typeof e.className === "string" ? `.${e.className.trim().replace(/\s+/g, ".")}` : ""}> "${(e.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40)}"`;
    const scrolls = (e: Element) => ["auto", "scroll"].includes(getComputedStyle(e).overflowX);
    const inFrame = (e: Node) => {
      for (let up = e.parentElement; up && up !== document.body; up = up.parentElement)
        if (scrolls(up) || getComputedStyle(up).overflowX === "hidden") return true;
      return false;
    };
    const { scrollWidth } = document.documentElement;
    if (scrollWidth > width) {
      const past = [...document.body.querySelectorAll("*")].filter((e) => e.getBoundingClientRect().right > width + 0.5 && !inFrame(e));
      // Text that runs past its box (a long address) widens the page while its element fits: named by its element.
      const text = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      for (let node = text.nextNode(); node; node = text.nextNode()) {
        range.selectNodeContents(node);
        if (range.getBoundingClientRect().right > width + 0.5 && node.parentElement && !inFrame(node) && !past.includes(node.parentElement))
          past.push(node.parentElement);
      }
      // The outermost of them: the one to fix, not each of its children.
      const outermost = past.filter((e) => !past.some((other) => other !== e && other.contains(e)));
      problems.push(`the page is ${scrollWidth} px wide at ${width} px: ${outermost.slice(0, 3).map(name).join(", ")}`);
    }
    for (const frame of document.body.querySelectorAll("*")) {
      if (!scrolls(frame) || frame.scrollWidth <= frame.clientWidth) continue;
      const named = frame.getAttribute("role") === "region" && (frame.hasAttribute("aria-label") || frame.hasAttribute("aria-labelledby"));
      if (frame.getAttribute("tabindex") !== "0" || !named) problems.push(`${name(frame)} scrolls sideways but is not a focusable, named region`);
    }
    return problems;
  });
}

/** The buyer sees every price: no cell of the quotation's tables reaches past the window's right edge. */
const cellsPastTheEdge = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll("main table tbody th, main table tbody td")]
      .filter((cell) => cell.getBoundingClientRect().right > window.innerWidth + 0.5)
      .map((cell) => (cell.textContent ?? "").trim().replace(/\s+/g, " ")),
  );

test("on a phone (390 × 844) no staff desk page and no state of the buyer's quotation page scrolls sideways; the quotation editor is compact, its checkbox beside its label", async ({
  visitor,
  signedIn,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const phone = { width: 390, height: 844 };
  /** Checked softly: one run names every page that does not fit, each by what it is. */
  const fits = async (page: Page, what: string) => expect.soft(await sidewaysProblems(page), `${what} (${new URL(page.url()).pathname})`).toEqual([]);

  const stranger = await visitor();
  await stranger.setViewportSize(phone);
  await stranger.goto("/staff/sign-in");
  await fits(stranger, "the sign-in page");

  // A quote request of this test's own, with a buyer address of its own (the e2e servers share the SMTP sink).
  const token = uniqueToken();
  const buyerEmail = `${token}@nordic.example`;
  const buyerSite = await visitor();
  await buyerSite.goto(`/quote?item=${product}`);
  await buyerSite.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 15_000 });
  const form = quoteForm(buyerSite);
  await fillProduct(firstProduct(form), { quantity: "1500", colours: "3" });
  await fillRequest(form, token, { email: buyerEmail });
  await form.getByRole("button", { name: "Send quote request" }).click();
  const sent = buyerSite.getByRole("status").filter({ hasText: "Quote request sent." });
  await expect(sent).toContainText(/Your reference is Q-\d{4}-\d{5}/);
  const reference = /Q-\d{4}-\d{5}/.exec((await sent.textContent())!)![0];

  const admin = await signedIn("admin");
  await admin.setViewportSize(phone);
  await admin.goto("/staff");
  await fits(admin, "the desk's home page");
  await admin.goto("/staff/shortcuts");
  await fits(admin, "the keyboard shortcuts");
  await admin.goto("/staff/leads");
  await fits(admin, "the inbox");
  await admin.goto("/staff/leads/waiting");
  await fits(admin, "Waiting for us");
  await admin.goto("/staff/settings/response-targets");
  await fits(admin, "the response targets' settings");
  await admin.goto("/staff/publish");
  await fits(admin, "Changes to publish");
  // A lead of each type, each page with its timeline.
  for (const lead of [staffE2eLeads.contact, staffE2eLeads.application, staffE2eLeads.quote]) {
    await admin.goto(`/staff/leads?q=${encodeURIComponent(lead.fields.email)}`);
    await inboxTable(admin).getByRole("link", { name: lead.fields.name }).click();
    await expect(admin.getByRole("region", { name: "Timeline" })).toBeVisible();
    await fits(admin, `a ${lead.form} lead's page`);
  }
  await admin.goto("/staff/leads/999999999");
  await fits(admin, "the page of a lead that does not exist");

  // The quotation editor with two lines: the request's product and one more.
  await searchInbox(admin, token);
  await inboxTable(admin).getByRole("link", { name: "Anna Berg" }).click();
  const leadPage = admin.url();
  const quotation = admin.getByRole("region", { name: "Quotation" });
  await quotation.getByRole("button", { name: "Prepare a quotation" }).click();
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText(`Quotation for ${reference}`);
  await admin.getByRole("group", { name: "Line 1" }).getByLabel("Unit price").fill("9.25");
  const added = admin.getByRole("group", { name: "Add a line" });
  await added.getByLabel("Product").fill("Cotton tote bag");
  await added.getByLabel("Quantity (pieces)").fill("2000");
  await added.getByLabel("Unit price").fill("1.10");
  await added.getByLabel("Currency").fill("USD");
  await admin.getByRole("button", { name: "Save the draft" }).click();
  await expect(admin.getByRole("group", { name: "Line 2" }).getByLabel("Product")).toHaveValue("Cotton tote bag");
  await fits(admin, "the quotation editor with two lines");
  const lineHeights = await Promise.all(["Line 1", "Line 2"].map(async (line) => (await admin.getByRole("group", { name: line }).boundingBox())!.height));
  expect.soft(lineHeights[0]! + lineHeights[1]!, "the editor's two lines, in px of height").toBeLessThanOrEqual(1200);
  const remove = admin.getByRole("group", { name: "Line 1" }).getByRole("checkbox", { name: "Remove this line" });
  const box = (await remove.boundingBox())!;
  const label = (await admin.getByRole("group", { name: "Line 1" }).getByText("Remove this line", { exact: true }).boundingBox())!;
  expect.soft(box.width, "the checkbox's width").toBeLessThanOrEqual(32);
  expect.soft(box.x + box.width, "the checkbox left of its label").toBeLessThanOrEqual(label.x);
  expect.soft(Math.abs(box.y + box.height / 2 - (label.y + label.height / 2)), "the checkbox on its label's line").toBeLessThanOrEqual(label.height / 2);
  expect(await seriousA11yViolations(admin)).toEqual([]);

  // v1 sent; the buyer, at a phone's width without JavaScript, sees it open, then asks for changes.
  // The e-mail to the buyer, shown as it will go before it is sent (decision 0151).
  await admin.getByRole("button", { name: "Review the e-mail to the buyer" }).click();
  await expect(admin.getByLabel("Text of the e-mail")).toHaveValue(/Please find attached our quotation/);
  await fits(admin, "the e-mail to the buyer before it is sent");
  await admin.getByRole("button", { name: "Send to the buyer" }).click();
  await expect(quotation.getByRole("table", { name: "Quotations sent, newest first" })).toContainText(`${reference} v1`);
  const v1 = await quotationMail(`${reference} v1`, buyerEmail);
  const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: phone });
  try {
    const buyer = await noScript.newPage();
    const buyerFits = async (what: string) => {
      await fits(buyer, what);
      expect.soft(await cellsPastTheEdge(buyer), `${what}: cells past the right edge`).toEqual([]);
    };
    await buyer.goto(v1.path);
    await expect(buyer.getByRole("button", { name: "Accept the quotation" })).toBeVisible();
    await buyerFits("the buyer's open quotation");
    // axe runs as a script in the page: the same page, at the same width, in a browser with JavaScript on (its lines are cards there).
    await buyerSite.setViewportSize(phone);
    await buyerSite.goto(v1.path);
    expect(await seriousA11yViolations(buyerSite)).toEqual([]);
    await expect(buyerSite.getByRole("cell", { name: "USD 13,875.00", exact: true })).toBeVisible();
    await buyer.getByLabel("Your name").fill("Anna Berg");
    await buyer.getByLabel("Your position").fill("   ");
    await buyer.getByRole("button", { name: "Accept the quotation" }).click();
    await expect(buyer.getByRole("alert")).toBeVisible();
    await buyerFits("the buyer's quotation with a problem in its form");
    await buyer.getByLabel("What should change?").fill(`Can you do 8.90 EUR? ${token}`);
    await buyer.getByRole("button", { name: "Ask for changes" }).click();
    await expect(buyer.getByText(/^You asked for changes on/)).toBeVisible();
    await buyerFits("the buyer's quotation with changes asked for");

    // v2 supersedes v1; the buyer accepts v2.
    await admin.goto(leadPage);
    await quotation.getByRole("button", { name: "Prepare a quotation" }).click();
    await admin.getByRole("group", { name: "Line 1" }).getByLabel("Unit price").fill("8.90");
    // The e-mail to the buyer, shown as it will go before it is sent (decision 0151).
    await admin.getByRole("button", { name: "Review the e-mail to the buyer" }).click();
    await expect(admin.getByLabel("Text of the e-mail")).toHaveValue(/Please find attached our quotation/);
    await admin.getByRole("button", { name: "Send to the buyer" }).click();
    await expect(quotation.getByRole("table", { name: "Quotations sent, newest first" })).toContainText(`${reference} v2`);
    const v2 = await quotationMail(`${reference} v2`, buyerEmail);
    await buyer.goto(v1.path);
    await expect(buyer.getByText("This version has been replaced by a newer one (v2).", { exact: false })).toBeVisible();
    await buyerFits("the buyer's superseded quotation");
    await buyer.goto(v2.path);
    await buyer.getByLabel("Your name").fill("Anna Berg");
    await buyer.getByLabel("Your position").fill("Head of sourcing");
    await buyer.getByRole("button", { name: "Accept the quotation" }).click();
    await expect(buyer.getByText(/^Accepted by Anna Berg, Head of sourcing on/)).toBeVisible();
    await buyerFits("the buyer's accepted quotation");
  } finally {
    await noScript.close();
  }

  await admin.goto(leadPage);
  await expect(quotation.getByRole("table", { name: "Quotations sent, newest first" })).toContainText(`${reference} v2`);
  await fits(admin, "a quote lead's page with its quotation versions");
  expect(await seriousA11yViolations(admin)).toEqual([]);
  // v2's page with what changed from v1 (decision 0151), then back to the lead.
  await admin.getByRole("link", { name: "Changes from v1" }).first().click();
  await expect(admin.getByRole("heading", { name: "What changed from v1" })).toBeVisible();
  await fits(admin, "a version's changes from the one before");
  await admin.goto(leadPage);
  // Its customer's page (decision 0149): the request with its versions and outcome, one table that scrolls in its frame.
  await admin.getByRole("link", { name: /^All leads from this customer \(\d+\)$/ }).click();
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText("Customer: Anna Berg");
  await expect(admin.getByRole("table", { name: "Leads from this sender, newest first" })).toContainText(`${reference}`);
  await fits(admin, "a customer's page");
  expect(await seriousA11yViolations(admin)).toEqual([]);
  for (const [path, what] of [
    ["/staff/quotations", "the quotations pipeline"],
    ["/staff/reports", "the reports"],
    ["/staff/audit", "the audit log"],
    ["/staff/accounts", "the accounts"],
    ["/staff/history", "the content history"],
    ["/staff/content-gaps", "what the content lacks"],
    ["/staff/translations", "the translations (decision 0165)"],
    ["/staff/settings/quotation-follow-up", "the quotation follow-up's setting"],
    ["/staff/password", "My password"],
  ] as const) {
    await admin.goto(path);
    await fits(admin, what);
  }
  // A save of this test's own through the studio's API, as the editor's test makes one, and its page in the history.
  const api = { "no-cors": "1" };
  const site = "content/site.yaml";
  const shaOf = async (response: APIResponse) => ((await response.json()) as { path: string; sha: string }[]).find((e) => e.path === site)!.sha;
  const before = await (
    await admin.request.get(`/api/keystatic/blob/${await shaOf(await admin.request.get("/api/keystatic/tree", { headers: api }))}/${site}`, { headers: api })
  ).text();
  const tagline = `Saved at a phone's width ${token}`;
  const saved = await admin.request.post("/api/keystatic/update", {
    headers: { ...api, "content-type": "application/json", origin: new URL(baseURL!).origin },
    data: JSON.stringify({
      additions: [{ path: site, contents: Buffer.from(before.replace(/^tagline: .*$/m, `tagline: ${tagline}`)).toString("base64url") }],
      deletions: [],
    }),
  });
  expect(saved.status()).toBe(200);
  await admin.goto("/staff/history");
  await admin.getByRole("main").locator('a[href^="/staff/history/"]').first().click();
  await expect(admin.getByRole("main")).toContainText(tagline);
  await fits(admin, "a save in the content history");
  const hr = await signedIn("hr");
  await hr.setViewportSize(phone);
  expect((await hr.goto("/staff/reports"))?.status()).toBe(403);
  await fits(hr, "the page of a page one's role does not allow");
});

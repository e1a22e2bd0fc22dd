import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve, type ServerType } from "@hono/node-server";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { honeypotName } from "../../app/lib/contracts/form-endpoint";
import { earliestDeliveryMonth, latestDeliveryMonth, productFieldName, quotePaths } from "../../app/lib/contracts/quote";
import { notResumeSamples, resumeSamples } from "../../test-support/resume-samples";
import { simpleParser } from "mailparser";
import { parse } from "yaml";
import { fixtureContentDir } from "../../fixtures/fixture-content";
import { quotationSettingsDefaults, type QuotationTranslation } from "../../app/lib/contracts/server-settings";
import { withFreePorts } from "../../scripts/test-setup/free-port.mjs";
import { createApp } from "../app";
import { rows } from "../db/db";
import { aboveTheStore, drivers, onBothDrivers, testDatabasePerFile } from "../../test-support/databases";
import type { MailOptions } from "./intake";
import { staffPaths } from "../../app/lib/contracts/staff-paths";
import { acknowledgementIntervalSeconds } from "./quote";
import { notificationMaxBytes } from "../mail/quote-mails";
import { tempDirsPerTest } from "../../test-support/temp-dirs";
import { startTestObjectStorage } from "../../test-support/object-storage";
import { LeadFiles } from "../leads/files";
import { objectStorage } from "../platform/object-storage";

const dirs = tempDirsPerTest();
const today = new Date();

beforeEach(async () => {
  // The build's gallery page of the product the requests name.
  await mkdir(join(dirs.clientDir, "gallery", "men", "tshirt"), { recursive: true });
  await writeFile(join(dirs.clientDir, "gallery", "men", "tshirt", "index.html"), "<h1>T-shirt</h1>");
});

const request: Record<string, string> = {
  [productFieldName(0, "product")]: "men/tshirt",
  [productFieldName(0, "quantity")]: "1500",
  [productFieldName(0, "colours")]: "3",
  [productFieldName(0, "sizes")]: "S-XXL",
  [productFieldName(0, "targetPrice")]: "2.40",
  [productFieldName(0, "currency")]: "USD",
  [productFieldName(0, "notes")]: "Organic cotton",
  company: "Nordic Retail AB",
  contactName: "Anna Berg",
  email: "anna@nordic.example",
  phone: "",
  country: "SE",
  buyerType: "retailer",
  incoterm: "FOB",
  destination: "Gothenburg",
  deliveryMonth: earliestDeliveryMonth(today),
  paymentMode: "LC",
  message: "Please quote for spring.",
};
const pdf = { bytes: resumeSamples.pdf, name: "tech-pack.pdf" };
const png = { bytes: resumeSamples.png, name: "reference.png" };

function form(fields: Record<string, string>, files: { bytes: Uint8Array; name: string }[] = []) {
  const data = new FormData();
  for (const [name, value] of Object.entries({ ...fields, [honeypotName]: "" })) data.append(name, value);
  if (files.length === 0) data.append("attachments", new File([], "", { type: "application/octet-stream" }));
  for (const file of files) data.append("attachments", new File([new Uint8Array(file.bytes)], file.name));
  return data;
}

const appWith = (mail: Partial<MailOptions> = {}) =>
  createApp({ clientDir: dirs.clientDir, mail: { database: dirs.database, addresses: { sales: "sales@ssl.example" }, ...mail } });
const post = (app: ReturnType<typeof appWith>, body: FormData, headers: Record<string, string> = {}) =>
  app.request(quotePaths.post, { method: "POST", body, headers });

const leadCount = async () => Number((await rows<{ n: string }>(dirs.database, sql`select count(*) as n from leads`))[0]!.n);
const jobs = () =>
  rows<{ kind: string; recipients: string | null; eml: string }>(
    dirs.database,
    sql`select kind, recipients, convert_from(coalesce(mail_jobs.eml, leads.eml), 'UTF8') as eml from mail_jobs join leads on leads.id = mail_jobs.lead_id order by kind`,
  );

function expectNotSent(res: Response, problem: string) {
  expect(res.status).toBe(303);
  expect(res.headers.get("location")).toBe(`/quote/not-sent/${problem}`);
}

describe("quote request (POST /api/v1.0/quote)", () => {
  // Decision 0164: the form's hidden language field; the served build names its languages and the buyer's words in each.
  it("keeps a German request's language: German acknowledgement (the fixture's words), answered on /de/quote/sent; an unknown language is English", async () => {
    const root = await mkdtemp(join(tmpdir(), "ssl-build-"));
    try {
      const clientDir = join(root, "client");
      await mkdir(join(clientDir, "gallery", "men", "tshirt"), { recursive: true });
      await writeFile(join(clientDir, "gallery", "men", "tshirt", "index.html"), "<h1>T-shirt</h1>");
      const german = parse(await readFile(join(fixtureContentDir, "translations", "de", "quotations.yaml"), "utf8")) as QuotationTranslation;
      const settings = {
        applicationRetentionDays: 90,
        siteUrl: "https://ssl.example",
        locales: ["en", "de"],
        quotation: { ...quotationSettingsDefaults, translations: { de: german } },
      };
      await writeFile(join(root, "server-settings.json"), JSON.stringify(settings));
      const app = createApp({ clientDir, mail: { database: dirs.database, addresses: { sales: "sales@ssl.example" } } });
      const year = today.getUTCFullYear();

      const res = await post(app, form({ ...request, locale: "de" }));
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe(`/de/quote/sent?ref=Q-${year}-00001`);
      const [acknowledgement] = await jobs();
      const mail = await simpleParser(acknowledgement!.eml);
      expect(mail.subject).toBe(`Ihre Angebotsanfrage [Q-${year}-00001]`);
      expect(mail.text).toContain(`vielen Dank für Ihre Angebotsanfrage. Ihre Referenz lautet Q-${year}-00001`);
      expect(mail.text).toContain("1. men/tshirt: 1500 Stück in 3 Farbe(n)");
      expect(mail.text).toContain("Zahlungsart: LC");
      // A problem of a German post is told on the German page.
      const refused = await post(app, form({ ...request, email: "not an address", locale: "de" }));
      expect(refused.headers.get("location")).toBe("/de/quote/not-sent/email");

      // A language the site does not have: the default's, never an error.
      await dirs.database.execute(sql`delete from mail_jobs`);
      const unknown = await post(app, form({ ...request, email: "nils@nordic.example", locale: "xx" }));
      expect(unknown.headers.get("location")).toBe(`/quote/sent?ref=Q-${year}-00002`);
      const [english] = await jobs();
      expect((await simpleParser(english!.eml)).subject).toBe(`Your quote request [Q-${year}-00002]`);
      const stored = await rows<{ locale: string }>(dirs.database, sql`select locale from leads order by id`);
      expect(stored.map((r) => r.locale)).toEqual(["de", "en"]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it("stores a native post once with both attachments and two mails carrying one reference, then 303 to /quote/sent?ref=", async () => {
    const res = await post(appWith(), form(request, [pdf, png]));
    const year = today.getUTCFullYear();
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/quote/sent?ref=Q-${year}-00001`);
    expect(await leadCount()).toBe(1);
    const files = await rows<{ filename: string; content_type: string }>(dirs.database, sql`select filename, content_type from lead_files order by id`);
    expect(files).toEqual([
      { filename: "tech-pack.pdf", content_type: "application/pdf" },
      { filename: "reference.png", content_type: "image/png" },
    ]);
    const [acknowledgement, company] = await jobs();
    expect(company).toMatchObject({ kind: "company", recipients: "sales@ssl.example" });
    expect(company!.eml).toMatch(new RegExp(`^Subject: Quote request Q-${year}-00001: Nordic Retail AB \\(from Anna Berg\\)$`, "m"));
    expect(company!.eml).toContain("filename=tech-pack.pdf");
    expect(acknowledgement).toMatchObject({ kind: "acknowledgement", recipients: "anna@nordic.example" });
    expect(acknowledgement!.eml).toMatch(new RegExp(`^Subject: Your quote request \\[Q-${year}-00001\\]$`, "m"));
    expect(acknowledgement!.eml).toContain("1. men/tshirt: 1500 pieces in 3 colour(s)");
  });

  it("answers the hydrated form's request with JSON: the reference, and the next request gets the next number", async () => {
    const app = appWith();
    const first = await post(app, form(request, [pdf]), { Accept: "application/json" });
    expect(first.status).toBe(200);
    const year = today.getUTCFullYear();
    expect(await first.json()).toEqual({ reference: `Q-${year}-00001`, belowMinimum: false });
    const second = await post(app, form({ ...request, company: "Other GmbH" }), { Accept: "application/json" });
    expect(await second.json()).toEqual({ reference: `Q-${year}-00002`, belowMinimum: false });
  });

  it("stores a double press on Send once and tells both the same reference", async () => {
    const app = appWith();
    const first = await post(app, form(request, [pdf]));
    const again = await post(app, form(request, [pdf]));
    expect(again.headers.get("location")).toBe(first.headers.get("location"));
    expect(await leadCount()).toBe(1);
  });

  it("measures a quantity against a product's own minimum order, checks its lead time from the build it serves, and names it with its specification in both mails and the stored lead", async () => {
    // A build folder as publishing makes it: client/ and, beside it, server-settings.json.
    const build = await mkdtemp(join(tmpdir(), "ssl-quote-build-"));
    try {
      const clientDir = join(build, "client");
      await mkdir(join(clientDir, "gallery", "men", "tshirt"), { recursive: true });
      await writeFile(join(clientDir, "gallery", "men", "tshirt", "index.html"), "<h1>T-shirt</h1>");
      const tshirt = {
        label: "Men T-Shirt",
        moqPiecesPerColour: 300,
        leadTimeDays: [45, 75],
        summary: "Construction: Jersey; Composition: 100% cotton",
        terms: "Minimum order: 300 pieces per colour; Lead time: 45–75 days",
      };
      await writeFile(join(build, "server-settings.json"), JSON.stringify({ applicationRetentionDays: 180, products: { "men/tshirt": tshirt } }));
      const app = createApp({ clientDir, mail: { database: dirs.database, addresses: { sales: "sales@ssl.example" } } });
      const enough = earliestDeliveryMonth(today, 45);

      // 30 days is the company's lead time, not this product's.
      if (earliestDeliveryMonth(today) < enough)
        expectNotSent(await post(app, form({ ...request, [productFieldName(0, "quantity")]: "900" })), "delivery-too-early");
      expect(await leadCount()).toBe(0);

      // 3 colours of 300 pieces: enough for this product, though under the company's 500 per colour.
      const sent = await post(app, form({ ...request, [productFieldName(0, "quantity")]: "900", deliveryMonth: enough }));
      expect(sent.status).toBe(303);
      expect(sent.headers.get("location")).toMatch(/^\/quote\/sent\?ref=Q-\d{4}-\d{5}$/);
      const [acknowledgement, company] = await jobs();
      expect((await simpleParser(company!.eml)).text).toContain(
        "1. Men T-Shirt (men/tshirt)\n   Construction: Jersey; Composition: 100% cotton\n   Minimum order: 300 pieces per colour; Lead time: 45–75 days\n   Quantity: 900 pieces in 3 colour(s)\n   Sizes: S-XXL\n",
      );
      expect((await simpleParser(acknowledgement!.eml)).text).toContain(
        "1. Men T-Shirt (men/tshirt): 900 pieces in 3 colour(s)\n   Construction: Jersey; Composition: 100% cotton\n   Minimum order: 300 pieces per colour; Lead time: 45–75 days\n\n",
      );
      const line = {
        product: "men/tshirt",
        quantity: 900,
        colours: 3,
        sizes: "S-XXL",
        targetPrice: "2.40",
        currency: "USD",
        notes: "Organic cotton",
        minimum: 900,
        belowMinimum: false,
        label: tshirt.label,
        summary: tshirt.summary,
        terms: tshirt.terms,
      };
      const stored = () =>
        rows<{ products: unknown; below_minimum: boolean }>(dirs.database, sql`select fields->'products' as products, below_minimum from leads order by id`);
      expect(await stored()).toEqual([{ products: [line], below_minimum: false }]);

      // One piece fewer is below this product's own minimum: taken as a trial order, and the sent page says so.
      const trial = await post(app, form({ ...request, [productFieldName(0, "quantity")]: "899", deliveryMonth: enough }));
      expect(trial.status).toBe(303);
      expect(trial.headers.get("location")).toMatch(/^\/quote\/sent\?ref=Q-\d{4}-\d{5}&trial=1$/);
      expect((await stored())[1]).toEqual({ products: [{ ...line, quantity: 899, belowMinimum: true }], below_minimum: true });
    } finally {
      await rm(build, { recursive: true, force: true });
    }
  });

  it("takes a quantity under the company's 500 pieces per colour as a trial order: stored flagged, the buyer told it will be discussed", async () => {
    const below = { ...request, [productFieldName(0, "quantity")]: "1499" };
    const native = await post(appWith(), form(below));
    const year = today.getUTCFullYear();
    expect(native.status).toBe(303);
    expect(native.headers.get("location")).toBe(`/quote/sent?ref=Q-${year}-00001&trial=1`);
    const json = await post(appWith(), form({ ...below, company: "Other GmbH" }), { Accept: "application/json" });
    expect(await json.json()).toEqual({ reference: `Q-${year}-00002`, belowMinimum: true });

    const leads = await rows<{ reference: string; below_minimum: boolean; products: unknown }>(
      dirs.database,
      sql`select reference, below_minimum, fields->'products' as products from leads order by id`,
    );
    expect(leads.map((l) => [l.reference, l.below_minimum])).toEqual([
      [`Q-${year}-00001`, true],
      [`Q-${year}-00002`, true],
    ]);
    expect(leads[0]!.products).toEqual([expect.objectContaining({ quantity: 1499, colours: 3, minimum: 1500, belowMinimum: true })]);

    const [acknowledgement, company] = await jobs();
    const told = (await simpleParser(acknowledgement!.eml)).text;
    expect(told).toContain("1. men/tshirt: 1499 pieces in 3 colour(s)\n   Trial order: below the usual minimum of 1,500 pieces\n");
    expect(told).toContain(
      "A quantity you asked for is below the usual minimum order of its product: we take it as a trial order and will discuss it with you.",
    );
    const notified = (await simpleParser(company!.eml)).text;
    expect(notified).toContain("Trial order: a quantity is below its product's usual minimum (marked below).");
    expect(notified).toContain(
      "   Quantity: 1499 pieces in 3 colour(s) (minimum 500 pieces per colour)\n   Trial order: below the usual minimum of 1,500 pieces, to discuss with the buyer\n",
    );
  });

  it("says nothing of a trial order when every quantity is at its minimum", async () => {
    const res = await post(appWith(), form(request));
    expect(res.headers.get("location")).not.toContain("trial");
    const [acknowledgement, company] = await jobs();
    expect((await simpleParser(acknowledgement!.eml)).text).not.toMatch(/trial order/i);
    expect((await simpleParser(company!.eml)).text).not.toMatch(/trial order/i);
    const [lead] = await rows<{ below_minimum: boolean }>(dirs.database, sql`select below_minimum from leads`);
    expect(lead!.below_minimum).toBe(false);
  });
});

/** Product rows 1 to n-1 after the request's first, each a valid row. */
const moreRows = (n: number, last: Record<string, string> = {}) =>
  Object.assign(
    {},
    ...Array.from({ length: n - 1 }, (_, i) => ({
      [productFieldName(i + 1, "product")]: "men/tshirt",
      [productFieldName(i + 1, "quantity")]: "600",
      [productFieldName(i + 1, "colours")]: "1",
      [productFieldName(i + 1, "sizes")]: "M",
      [productFieldName(i + 1, "currency")]: "USD",
    })),
    last,
  ) as Record<string, string>;

describe("quote request (POST /api/v1.0/quote): what a probe found accepted in silence", () => {
  it.each([
    ["1,000 product rows (the form has 8)", moreRows(1000), "products-too-many"],
    ["a ninth row under the minimum order", moreRows(9, { [productFieldName(8, "quantity")]: "10" }), "products-too-many"],
    ["the delivery month 9999-12", { deliveryMonth: "9999-12" }, "delivery-too-late"],
    ["the e-mail a,b@evil.test", { email: "a,b@evil.test" }, "email"],
    ["the e-mail x@evil.test;y", { email: "x@evil.test;y" }, "email"],
    ["the e-mail <x@evil.test>", { email: "<x@evil.test>" }, "email"],
  ])("refuses %s with its page (native) or 400 naming it (JSON), storing nothing", async (_, change, problem) => {
    const app = appWith();
    expectNotSent(await post(app, form({ ...request, ...change })), problem);
    const json = await post(app, form({ ...request, ...change }), { Accept: "application/json" });
    expect(json.status).toBe(400);
    expect(await json.json()).toMatchObject({ problem });
    expect(await leadCount()).toBe(0);
  });

  it("stores the request's free text without the blanks around it", async () => {
    const padded = {
      ...request,
      company: "  Nordic Retail AB\t",
      contactName: " Anna Berg ",
      destination: " Gothenburg ",
      message: "\n Please quote for spring. \n",
      [productFieldName(0, "notes")]: " Organic cotton ",
    };
    expect((await post(appWith(), form(padded))).status).toBe(303);
    const [lead] = await rows<{ fields: Record<string, unknown> & { products: { notes: string }[] } }>(dirs.database, sql`select fields from leads`);
    expect(lead!.fields).toMatchObject({ company: "Nordic Retail AB", name: "Anna Berg", destination: "Gothenburg", message: "Please quote for spring." });
    expect(lead!.fields.products[0]!.notes).toBe("Organic cotton");
  });

  // Decision 0083: a lead is a type from the edge inward; the store keeps it typed.
  it("stores the products as a typed list (numbers as numbers), the files with their role and order, and no file name or reference among the fields", async () => {
    const files = [
      { bytes: resumeSamples.pdf, name: "spec.pdf" },
      { bytes: resumeSamples.png, name: "photo.png" },
    ];
    expect((await post(appWith(), form(request, files))).status).toBe(303);
    const [lead] = await rows<{ fields: Record<string, unknown>; reference: string }>(dirs.database, sql`select fields, reference from leads`);
    expect(lead!.fields.products).toEqual([
      {
        product: "men/tshirt",
        quantity: 1500,
        colours: 3,
        sizes: "S-XXL",
        targetPrice: "2.40",
        currency: "USD",
        notes: "Organic cotton",
        minimum: 1500,
        belowMinimum: false,
      },
    ]);
    expect(Object.keys(lead!.fields).filter((name) => /attachment|reference/.test(name))).toEqual([]);
    expect(lead!.reference).toMatch(/^Q-\d{4}-\d{5}$/);
    const stored = await rows<{ role: string; position: number; filename: string }>(
      dirs.database,
      sql`select role, position, filename from lead_files order by position`,
    );
    expect(stored).toEqual([
      { role: "attachment", position: 0, filename: "spec.pdf" },
      { role: "attachment", position: 1, filename: "photo.png" },
    ]);
  });

  it("takes 8 product rows, and the latest delivery month, 24 months ahead", async () => {
    const res = await post(appWith(), form({ ...request, ...moreRows(8), deliveryMonth: latestDeliveryMonth(today) }), { Accept: "application/json" });
    expect(res.status).toBe(200);
    const [lead] = await rows<{ products: unknown[] }>(dirs.database, sql`select fields->'products' as products from leads`);
    expect(lead!.products).toHaveLength(8);
  });
});

describe("quote request (POST /api/v1.0/quote): each rule", () => {
  it.each([
    ["a delivery month earlier than today + 30 days", { deliveryMonth: "2020-01" }, [], "delivery-too-early"],
    ["no product", { [productFieldName(0, "product")]: "" }, [], "products"],
    ["a product the site does not show", { [productFieldName(0, "product")]: "men/spacesuit" }, [], "product"],
    ["a country that is no ISO 3166 code", { country: "XX" }, [], "country"],
    ["an incoterm not on the list", { incoterm: "CFR" }, [], "incoterm"],
    ["a program named .pdf", {}, [{ bytes: notResumeSamples.exe, name: "tech-pack.pdf" }], "attachment-type"],
    ["a file over 10 MB", {}, [{ bytes: new Uint8Array(10 * 1024 * 1024 + 1).fill(0x25), name: "big.pdf" }], "attachment-too-large"],
    ["six files", {}, Array.from({ length: 6 }, () => pdf), "attachments-too-many"],
  ])("refuses %s with its page (native) or 400 naming it (JSON), storing nothing", async (_, change, files, problem) => {
    const app = appWith();
    expectNotSent(await post(app, form({ ...request, ...change }, files)), problem);
    const json = await post(app, form({ ...request, ...change }, files), { Accept: "application/json" });
    expect(json.status).toBe(400);
    expect(await json.json()).toMatchObject({ problem });
    expect(await leadCount()).toBe(0);
  });

  it.each([
    ["the company", { company: "Nordic\u0000 Retail AB" }, "company"],
    ["a product row's notes", { [productFieldName(0, "notes")]: "Organic\u0007 cotton" }, "notes"],
  ])(
    "sends a native post with a character no keyboard types in %s to that field's page; the hydrated form gets 400 with the reason",
    async (_, change, problem) => {
      const app = appWith();
      expectNotSent(await post(app, form({ ...request, ...change })), problem);
      const json = await post(app, form({ ...request, ...change }), { Accept: "application/json" });
      expect(json.status).toBe(400);
      expect(await json.text()).toMatch(/has a control character \(U\+00(00|07)\), which no form sends/);
      expect(await leadCount()).toBe(0);
    },
  );

  it("refuses a filled honeypot, another content type and a body that cannot be read", async () => {
    const app = appWith();
    const data = form(request);
    data.set(honeypotName, "bot");
    expectNotSent(await post(app, data), "spam");
    const json = await app.request(quotePaths.post, { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } });
    expect(json.status).toBe(415);
    const broken = await app.request(quotePaths.post, {
      method: "POST",
      body: "--x\r\nbroken",
      headers: { "Content-Type": "multipart/form-data; boundary=y" },
    });
    expect(broken.status).toBe(400);
    expect(await broken.text()).toMatch(/could not be read/);
    expect(await leadCount()).toBe(0);
  });

  it("answers a body over the limit and a client over the rate limit with their pages", async () => {
    expectNotSent(
      await post(appWith({ maxQuoteBodyBytes: 1024 }), form(request, [pdf, { bytes: new Uint8Array(4096).fill(0x25), name: "x.pdf" }])),
      "too-large",
    );
    const limited = appWith({ rateLimit: { max: 1, windowMs: 60_000 } });
    await post(limited, form(request));
    const res = await post(limited, form({ ...request, company: "Second" }));
    expectNotSent(res, "too-many");
    expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await leadCount()).toBe(1);
  });
});

describe.each(drivers)("quote requests on %s: double presses and acknowledgements", (driver) => {
  const leads = testDatabasePerFile(driver);
  // Identical requests at once (one lead, by its unique key) and the hourly acknowledgement's count on both; the mail's words on PGlite (decision 0143).
  const it = aboveTheStore(driver);
  let clientDir = "";
  beforeEach(async () => {
    clientDir = await mkdtemp(join(tmpdir(), "ssl-client-"));
    await mkdir(join(clientDir, "gallery", "men", "tshirt"), { recursive: true });
    await writeFile(join(clientDir, "gallery", "men", "tshirt", "index.html"), "<h1>T-shirt</h1>");
    return () => rm(clientDir, { recursive: true, force: true });
  });
  const app = () => createApp({ clientDir, mail: { database: leads.db, rateLimit: { max: 0, windowMs: 60_000 } } });
  const stored = () => rows<{ reference: string }>(leads.db, sql`select reference from leads`);
  const jobsOf = () => rows<{ kind: string; recipients: string | null }>(leads.db, sql`select kind, recipients from mail_jobs order by id`);

  // Identical requests in one batch were once answered with a reference that was never stored.
  onBothDrivers("answers every one of 8 identical JSON requests with the reference of the one lead stored", async () => {
    const server = app();
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(server, form(request, [pdf]), { Accept: "application/json" })));
    const references = await Promise.all(answers.map(async (res) => ((await res.json()) as { reference: string }).reference));
    const leadsStored = await stored();
    expect(leadsStored).toHaveLength(1);
    expect(references).toEqual(references.map(() => leadsStored[0]!.reference));
  });

  onBothDrivers("sends every one of 8 identical native posts to the sent page of the one lead stored", async () => {
    const server = app();
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(server, form(request))));
    const leadsStored = await stored();
    expect(leadsStored).toHaveLength(1);
    expect(answers.map((res) => res.headers.get("location"))).toEqual(answers.map(() => `/quote/sent?ref=${leadsStored[0]!.reference}`));
  });

  // Decision 0064: the acknowledgement once carried the sender's free text to any address typed in.
  it("acknowledges with nothing a stranger wrote: the reference, the products and quantities, the chosen terms", async () => {
    const free = {
      ...request,
      company: "Spam Company Cheap Pills",
      contactName: "Visit evil-example-shop",
      message: "Click https://evil.example/now",
      phone: "+1 555 0100 call now",
      destination: "Destination spam text",
      [productFieldName(0, "sizes")]: "Sizes spam text",
      [productFieldName(0, "notes")]: "Notes spam text",
    };
    const res = await post(app(), form(free, [{ ...pdf, name: "free-money.pdf" }]), { Accept: "application/json" });
    const { reference } = (await res.json()) as { reference: string };
    const [job] = await rows<{ eml: Uint8Array }>(leads.db, sql`select eml from mail_jobs where kind = 'acknowledgement'`);
    const mail = await simpleParser(Buffer.from(job!.eml));
    expect(mail.to).toMatchObject({ value: [{ address: "anna@nordic.example", name: "" }] });
    expect(mail.subject).toBe(`Your quote request [${reference}]`);
    expect(mail.text).toContain(`Its reference is ${reference}`);
    expect(mail.text).toContain("1. men/tshirt: 1500 pieces in 3 colour(s)");
    expect(mail.text).toContain("Incoterm: FOB");
    expect(mail.text).toContain("Files received: 1");
    expect(mail.attachments).toEqual([]);
    const everything = `${mail.headerLines.map((h) => h.line).join("\n")}\n${mail.text}`;
    for (const value of [
      free.company,
      free.contactName,
      free.message,
      free.phone,
      free.destination,
      "Sizes spam text",
      "Notes spam text",
      "free-money",
      "Organic",
    ]) {
      expect(everything).not.toContain(value);
    }
    // The sales team gets all of it.
    const [company] = await rows<{ eml: Uint8Array }>(leads.db, sql`select eml from leads`);
    expect(Buffer.from(company!.eml).toString()).toContain("Click https://evil.example/now");
  });

  onBothDrivers("acknowledges an address once an hour: later requests are stored and reach sales, the buyer's copy is left out", async () => {
    const server = app();
    const send = (change: Record<string, string>) => post(server, form({ ...request, ...change }), { Accept: "application/json" });
    expect((await send({ company: "First AB" })).status).toBe(200);
    // A second request, the address in other letters, and three at once from elsewhere: one batch.
    expect((await send({ company: "Second AB", email: "Anna@Nordic.Example" })).status).toBe(200);
    const burst = await Promise.all(["Third", "Fourth", "Fifth"].map((company) => send({ company, email: "victim@other.example" })));
    expect(burst.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await stored()).toHaveLength(5);
    const kinds = (jobs: { kind: string; recipients: string | null }[], kind: string) => jobs.filter((j) => j.kind === kind).map((j) => j.recipients);
    expect(kinds(await jobsOf(), "company")).toHaveLength(5);
    expect(kinds(await jobsOf(), "acknowledgement").sort()).toEqual(["anna@nordic.example", "victim@other.example"]);

    // An hour later (the leads' clock moved back), the address is acknowledged again.
    await leads.db.execute(sql`update leads set received_at = received_at - make_interval(secs => ${acknowledgementIntervalSeconds + 1})`);
    expect((await send({ company: "Sixth AB" })).status).toBe(200);
    expect(kinds(await jobsOf(), "acknowledgement")).toHaveLength(3);
  });
});

// Decision 0065: twenty quotes with a 25 MiB text field each were once refused with 400 only after each
// body had been read and buffered (the server's memory 413 → 815 MiB). Over a real socket, as a
// client sends them: each answered 413 while its body is still being sent.
describe("quote requests too large for their text, over HTTP", () => {
  let server: ServerType;
  let port = 0;
  beforeEach(async () => {
    const app = appWith({ rateLimit: { max: 0, windowMs: 60_000 } });
    port = await withFreePorts(
      1,
      ([free]) =>
        new Promise<number>((resolve, reject) => {
          server = serve({ fetch: app.fetch, port: free!, hostname: "127.0.0.1" }, () => resolve(free!));
          server.once("error", reject);
        }),
    );
    return () => new Promise<void>((resolve) => server.close(() => resolve()));
  });

  /**
   * Sends `head`, then `size` bytes of "x" as fast as the socket takes them, then `tail`; stops at
   * the answer. Resolves with the answer and how much of the body had been sent by then.
   */
  function send(headers: Record<string, string>, head: string, size: number, tail: string) {
    return new Promise<{ status: number; body: string; sent: number; finished: boolean }>((resolve, reject) => {
      const chunk = Buffer.alloc(64 * 1024, "x");
      let sent = 0;
      let finished = false;
      const req = httpRequest(
        { host: "127.0.0.1", port, path: quotePaths.post, method: "POST", headers: { Accept: "application/json", ...headers } },
        (res) => {
          const parts: Buffer[] = [];
          res.on("data", (part: Buffer) => parts.push(part));
          res.on("end", () => {
            resolve({ status: res.statusCode!, body: Buffer.concat(parts).toString(), sent, finished });
            req.destroy();
          });
        },
      );
      req.on("error", (error) => (sent < size ? resolve({ status: 0, body: String(error), sent, finished }) : reject(error)));
      req.write(head);
      const pump = () => {
        while (sent < size && !req.destroyed) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once("drain", pump);
        }
        if (!req.destroyed) {
          finished = true;
          req.end(tail);
        }
      };
      pump();
    });
  }

  it("answers twenty at once, streamed without a Content-Length, 413 before their bodies are sent", async () => {
    const boundary = "----quote";
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="message"\r\n\r\n`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        send({ "Content-Type": `multipart/form-data; boundary=${boundary}` }, head, 25 * 1024 * 1024, `\r\n--${boundary}--\r\n`),
      ),
    );
    for (const answer of answers) {
      expect([answer.status, JSON.parse(answer.body)]).toEqual([413, { problem: "too-large", issues: [] }]);
      expect(answer.finished).toBe(false);
    }
    expect(await leadCount()).toBe(0);
  });

  it("answers a declared Content-Length over the limit with 413 at once", async () => {
    const body = `message=${"x".repeat(64)}`;
    const answer = await send(
      { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(25 * 1024 * 1024) },
      body,
      25 * 1024 * 1024 - body.length,
      "",
    );
    expect([answer.status, JSON.parse(answer.body)]).toEqual([413, { problem: "too-large", issues: [] }]);
    expect(answer.finished).toBe(false);
  });
});

// Decision 0065: 24 MiB of attachments once made a 34.4 MB notification, more than many mail servers take.
describe("the notification of a quote with large files", { timeout: 30_000 }, () => {
  let buildDir = "";
  beforeEach(async () => {
    buildDir = await mkdtemp(join(tmpdir(), "ssl-build-"));
    await mkdir(join(buildDir, "client", "gallery", "men", "tshirt"), { recursive: true });
    await writeFile(join(buildDir, "client", "gallery", "men", "tshirt", "index.html"), "<h1>T-shirt</h1>");
    // What the build's server-settings step writes: the site's public address.
    await writeFile(join(buildDir, "server-settings.json"), JSON.stringify({ applicationRetentionDays: 180, siteUrl: "https://www.company.example" }));
    return () => rm(buildDir, { recursive: true, force: true });
  });
  const app = () => createApp({ clientDir: join(buildDir, "client"), mail: { database: dirs.database } });
  const pdfOf = (mebibytes: number, name: string) => {
    const bytes = new Uint8Array(Math.round(mebibytes * 1024 * 1024)).fill(0x41);
    bytes.set(resumeSamples.pdf.subarray(0, 8));
    return { bytes, name };
  };
  const stored = async () => {
    const [lead] = await rows<{ id: number | string; eml: Uint8Array }>(dirs.database, sql`select id, eml from leads`);
    const files = await rows<{ filename: string }>(dirs.database, sql`select filename from lead_files order by id`);
    return { id: Number(lead!.id), eml: Buffer.from(lead!.eml), files: files.map((f) => f.filename) };
  };

  it("links to the lead in the staff desk instead of attaching files that would make it larger than 10 MB; the desk keeps them", async () => {
    const res = await post(app(), form(request, [pdfOf(3.5, "tech-pack.pdf"), pdfOf(3.5, "photos.pdf"), pdfOf(3.5, "sizes.pdf")]));
    expect(res.status).toBe(303);
    const { id, eml, files } = await stored();
    expect(files).toEqual(["tech-pack.pdf", "photos.pdf", "sizes.pdf"]);
    expect(eml.length).toBeLessThan(notificationMaxBytes);
    const mail = await simpleParser(eml);
    expect(mail.attachments).toEqual([]);
    expect(mail.text).toContain(
      `The buyer's files (3, 10.5 MB) are too large to send by e-mail; open them in the staff desk:\nhttps://www.company.example${staffPaths.leads}/${id}`,
    );
    expect(mail.text).toContain("- photos.pdf (3.5 MB)");
  });

  it("attaches files that keep it within 10 MB, and links to the lead all the same", async () => {
    expect((await post(app(), form(request, [pdfOf(3.5, "tech-pack.pdf"), pdfOf(3.5, "photos.pdf")]))).status).toBe(303);
    const { id, eml } = await stored();
    expect(eml.length).toBeLessThanOrEqual(notificationMaxBytes);
    // Read as text: a mail parser takes seconds over 10 MB of base64.
    const text = eml.toString("latin1");
    expect(text.match(/^Content-Disposition: attachment; filename=[\w.-]+$/gm)).toEqual([
      "Content-Disposition: attachment; filename=tech-pack.pdf",
      "Content-Disposition: attachment; filename=photos.pdf",
    ]);
    expect(text).toContain(`In the staff desk: https://www.company.example${staffPaths.leads}/${id}`);
  });
});

describe("quote request with the files in object storage (decision 0161)", () => {
  let bucket: Awaited<ReturnType<typeof startTestObjectStorage>>;
  let files: LeadFiles;
  const warnings: string[] = [];
  beforeAll(async () => {
    bucket = await startTestObjectStorage();
    files = new LeadFiles(objectStorage(bucket.settings), (line) => void warnings.push(line));
  });
  afterAll(() => bucket?.close());

  const storedFiles = () =>
    rows<{ filename: string; in_database: boolean; object_key: string | null }>(
      dirs.database,
      sql`select filename, content is not null as in_database, object_key from lead_files order by id`,
    );

  it("sends the attachments to the bucket and keeps their keys with the lead", async () => {
    const res = await post(appWith({ files }), form(request, [pdf, png]));
    expect(res.headers.get("location")).toMatch(/^\/quote\/sent\?ref=Q-/);
    const stored = await storedFiles();
    expect(stored.map(({ filename, in_database }) => [filename, in_database])).toEqual([
      ["tech-pack.pdf", false],
      ["reference.png", false],
    ]);
    const object = await objectStorage(bucket.settings).get(stored[0]!.object_key!);
    expect(Buffer.from(await new Response(object!.body).arrayBuffer())).toEqual(Buffer.from(pdf.bytes));
  });

  it("the bucket down: the request is still acknowledged, its attachments kept in the database", async () => {
    await bucket.stop();
    try {
      const res = await post(appWith({ files }), form(request, [pdf]), { Accept: "application/json" });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ reference: expect.stringMatching(/^Q-\d{4}-\d{5}$/) });
      expect(await storedFiles()).toEqual([{ filename: "tech-pack.pdf", in_database: true, object_key: null }]);
      // The request's .eml too (decision 0161, refined).
      expect(warnings.sort()).toEqual([
        expect.stringMatching(/^A lead's file is kept in the database: object storage: put failed: ECONNREFUSED$/),
        expect.stringMatching(/^A lead's message is kept in the database: object storage: put failed: ECONNREFUSED$/),
      ]);
    } finally {
      await bucket.start();
    }
  });
});

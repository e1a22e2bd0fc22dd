import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { beforeEach, describe, expect, it } from "vitest";
import { honeypotName } from "../../app/lib/contracts/form-endpoint";
import { earliestDeliveryMonth, productFieldName, quotePaths } from "../../app/lib/contracts/quote";
import { notResumeSamples, resumeSamples } from "../../app/lib/contracts/resume-type.test-samples";
import { createApp } from "../app";
import { rows } from "../leads/db";
import type { MailOptions } from "../mail/mail-api";
import { tempDirsPerTest } from "../mail/test-dirs";

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
    expect(acknowledgement!.eml).toMatch(new RegExp(`^Subject: Your quote request Q-${year}-00001$`, "m"));
    expect(acknowledgement!.eml).toContain("Quantity: 1500 pieces in 3 colour(s)");
  });

  it("answers the hydrated form's request with JSON: the reference, and the next request gets the next number", async () => {
    const app = appWith();
    const first = await post(app, form(request, [pdf]), { Accept: "application/json" });
    expect(first.status).toBe(200);
    const year = today.getUTCFullYear();
    expect(await first.json()).toEqual({ reference: `Q-${year}-00001` });
    const second = await post(app, form({ ...request, company: "Other GmbH" }), { Accept: "application/json" });
    expect(await second.json()).toEqual({ reference: `Q-${year}-00002` });
  });

  it("stores a double press on Send once and tells both the same reference", async () => {
    const app = appWith();
    const first = await post(app, form(request, [pdf]));
    const again = await post(app, form(request, [pdf]));
    expect(again.headers.get("location")).toBe(first.headers.get("location"));
    expect(await leadCount()).toBe(1);
  });

  it.each([
    ["a quantity under 500 per colour", { [productFieldName(0, "quantity")]: "1499" }, [], "below-moq"],
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

  it("checks a product's own minimum order and lead time from the build it serves, and names it with its specification in both mails (issue 47)", async () => {
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

      expectNotSent(await post(app, form({ ...request, [productFieldName(0, "quantity")]: "899", deliveryMonth: enough })), "below-moq");
      // 30 days is the company's lead time, not this product's.
      if (earliestDeliveryMonth(today) < enough) expectNotSent(await post(app, form({ ...request, [productFieldName(0, "quantity")]: "900" })), "delivery-too-early");
      expect(await leadCount()).toBe(0);

      // 3 colours of 300 pieces: enough for this product, though under the company's 500 per colour.
      const sent = await post(app, form({ ...request, [productFieldName(0, "quantity")]: "900", deliveryMonth: enough }));
      expect(sent.status).toBe(303);
      expect(sent.headers.get("location")).toMatch(/^\/quote\/sent\?ref=/);
      const [acknowledgement, company] = await jobs();
      for (const eml of [acknowledgement!.eml, company!.eml]) {
        const { text } = await simpleParser(eml);
        expect(text).toContain("1. Men T-Shirt (men/tshirt)\n   Construction: Jersey; Composition: 100% cotton\n   Minimum order: 300 pieces per colour; Lead time: 45–75 days\n");
      }
      const [stored] = await rows<{ products: string }>(dirs.database, sql`select fields->>'products' as products from leads`);
      expect(JSON.parse(stored!.products)[0]).toMatchObject({ product: "men/tshirt", label: "Men T-Shirt", summary: tshirt.summary });
    } finally {
      await rm(build, { recursive: true, force: true });
    }
  });

  it("refuses a filled honeypot, another content type and a body that cannot be read", async () => {
    const app = appWith();
    const data = form(request);
    data.set(honeypotName, "bot");
    expectNotSent(await post(app, data), "spam");
    const json = await app.request(quotePaths.post, { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } });
    expect(json.status).toBe(415);
    const broken = await app.request(quotePaths.post, { method: "POST", body: "--x\r\nbroken", headers: { "Content-Type": "multipart/form-data; boundary=y" } });
    expect(broken.status).toBe(400);
    expect(await broken.text()).toMatch(/could not be read/);
    expect(await leadCount()).toBe(0);
  });

  it("answers a body over the limit and a client over the rate limit with their pages", async () => {
    expectNotSent(await post(appWith({ maxQuoteBodyBytes: 1024 }), form(request, [pdf, { bytes: new Uint8Array(4096).fill(0x25), name: "x.pdf" }])), "too-large");
    const limited = appWith({ rateLimit: { max: 1, windowMs: 60_000 } });
    await post(limited, form(request));
    const res = await post(limited, form({ ...request, company: "Second" }));
    expectNotSent(res, "too-many");
    expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await leadCount()).toBe(1);
  });
});

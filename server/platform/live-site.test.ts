import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quotationSettingsDefaults } from "../../app/lib/contracts/server-settings";
import { createApp } from "../app";
import { createLiveSite, readServedSite } from "./live-site";

let root: string;

/** A tiny build: a page with one inline-script hash, a hashed script and the Oops page. */
async function makeBuild(name: string, phone: string) {
  const clientDir = join(root, name, "client");
  await mkdir(join(clientDir, "assets"), { recursive: true });
  await writeFile(join(clientDir, "index.html"), `<footer>Phone: ${phone}</footer>`);
  await writeFile(join(clientDir, "404.html"), `<h1>Oops! (${name})</h1>`);
  await writeFile(join(clientDir, `assets/entry-${name}0000.js`), `console.log("${name}")`);
  return { clientDir, cspHashes: { "/index.html": { scripts: [`sha256-${name}`], styles: [] } } };
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "ssl-live-"));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("serving through the live-site pointer", () => {
  it("switches files and their CSP hashes together, and keeps the previous build's hashed assets reachable", async () => {
    const first = await makeBuild("aaaaaaaa", "+880 1700-000000");
    const second = await makeBuild("bbbbbbbb", "+880 1711-234567");
    const site = createLiveSite(first);
    const app = createApp({ clientDir: first.clientDir, site });

    let page = await app.request("/");
    expect(await page.text()).toContain("+880 1700-000000");
    expect(page.headers.get("content-security-policy")).toContain("'sha256-aaaaaaaa'");

    site.swap(second);
    page = await app.request("/");
    expect(await page.text()).toContain("+880 1711-234567");
    expect(page.headers.get("content-security-policy")).toContain("'sha256-bbbbbbbb'");
    expect(page.headers.get("content-security-policy")).not.toContain("'sha256-aaaaaaaa'");

    expect((await app.request("/assets/entry-bbbbbbbb0000.js")).status).toBe(200);
    const old = await app.request("/assets/entry-aaaaaaaa0000.js");
    expect(old.status).toBe(200);
    expect(await old.text()).toBe('console.log("aaaaaaaa")');

    const missing = await app.request("/nowhere");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("(bbbbbbbb)");
  });
});

describe("what a build's server-settings.json gives the server", () => {
  it("reads the site's address, the products with their terms and the certificate records once, and nothing from a build without the file or with a broken one", async () => {
    const { clientDir } = await makeBuild("cccccccc", "+880 1700-000000");
    const tshirt = {
      label: "Men T-Shirt",
      moqPiecesPerColour: 300,
      leadTimeDays: [45, 75],
      summary: "Construction: Jersey",
      terms: "Minimum order: 300 pieces per colour",
    };
    const record = { slug: "gots", name: "GOTS", number: "CU 123", holder: "Knit partner", validUntil: "2027-01-31" };
    const settingsOf = (site: ReturnType<typeof readServedSite>) => [site.siteUrl, site.products, site.certificates];
    expect(settingsOf(readServedSite(clientDir))).toEqual([undefined, undefined, undefined]);
    await writeFile(join(clientDir, "..", "server-settings.json"), "{ not json");
    expect(settingsOf(readServedSite(clientDir))).toEqual([undefined, undefined, undefined]);
    await writeFile(
      join(clientDir, "..", "server-settings.json"),
      JSON.stringify({ applicationRetentionDays: 180, siteUrl: "https://www.company.example", products: { "men/tshirt": tshirt }, certificates: [record] }),
    );
    expect(readServedSite(clientDir)).toMatchObject({ siteUrl: "https://www.company.example", products: { "men/tshirt": tshirt }, certificates: [record] });
  });

  it("reads a quotation's bank details and signatory field by field: one that does not read is empty (left out), a build without them has none to show (decision 0155)", async () => {
    const { clientDir } = await makeBuild("dddddddd", "+880 1700-000000");
    const write = (quotation: unknown) =>
      writeFile(join(clientDir, "..", "server-settings.json"), JSON.stringify({ siteUrl: "https://www.company.example", quotation }));
    await write({
      bankDetails: { beneficiary: "  Fixture Sourcing Ltd. ", bankName: 42, branch: "Gulshan", accountNumber: "x".repeat(101), swift: "EXMPBDDH" },
      signatory: "Rahim Example",
    });
    expect(readServedSite(clientDir).quotation).toMatchObject({
      bankDetails: { beneficiary: "Fixture Sourcing Ltd.", bankName: "", branch: "Gulshan", accountNumber: "", swift: "EXMPBDDH", notes: "" },
      signatory: { name: "", position: "" },
    });
    await write({ validityDays: 10 });
    expect(readServedSite(clientDir).quotation).toMatchObject({
      bankDetails: { beneficiary: "", bankName: "", branch: "", accountNumber: "", swift: "", notes: "" },
      signatory: { name: "", position: "" },
    });
  });

  it("reads the letterhead's address and tagline in each language one by one: one that does not read is left out, a build without them has the English ones only (decisions 0198, 0203)", async () => {
    const { clientDir } = await makeBuild("eeeeeeee", "+880 1700-000000");
    const write = (quotation: unknown) =>
      writeFile(join(clientDir, "..", "server-settings.json"), JSON.stringify({ siteUrl: "https://www.company.example", quotation }));
    const address = "House 10, Dhaka-1230, Bangladesh";
    const de = [{ text: "House 10, Dhaka-1230", lang: "en" }, { text: ", " }, { text: "Bangladesch" }];
    const taglineIn = { de: { text: "Zu 100 % exportorientiertes Unternehmen" }, fr: { text: "100% Export Oriented Company", lang: "en" } };
    await write({
      letterhead: {
        name: "Fixture Sourcing Ltd.",
        address,
        addressIn: { de, fr: "House 10", es: [{ text: 7 }], it: [] },
        taglineIn: { ...taglineIn, es: "Empresa", it: { text: "Azienda", lang: "English" }, pt: [{ text: "Empresa" }] },
      },
    });
    expect(readServedSite(clientDir).quotation?.letterhead).toEqual({
      ...quotationSettingsDefaults.letterhead,
      name: "Fixture Sourcing Ltd.",
      address,
      addressIn: { de },
      taglineIn,
    });
    await write({ letterhead: { name: "Fixture Sourcing Ltd.", address } });
    expect(readServedSite(clientDir).quotation?.letterhead).toEqual({ ...quotationSettingsDefaults.letterhead, name: "Fixture Sourcing Ltd.", address });
    await write({ letterhead: { address, addressIn: { fr: null }, taglineIn: [{ text: "Unternehmen" }] } });
    expect(readServedSite(clientDir).quotation?.letterhead).not.toHaveProperty("addressIn");
    expect(readServedSite(clientDir).quotation?.letterhead).not.toHaveProperty("taglineIn");
  });
});

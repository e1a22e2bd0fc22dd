import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { headOfficeAddress, loadSiteContent, siteTagline } from "../../../app/content/reader/site-content.server.ts";
import { fixtureContentDir } from "../../../fixtures/fixture-content.ts";
import { tempBuild } from "../temp-build.mjs";
import { serverSettings } from "./server-settings.mjs";

let build;
afterEach(() => build?.remove());

describe("server-settings step", () => {
  it("writes the retention of job applications the content gives and the site's address, beside the client files", async () => {
    build = await tempBuild();
    const content = { modules: { career: { retentionDays: 90 }, site: { url: "https://www.company.example/" } } };
    const summary = await serverSettings.run({ ...build, content });
    expect(summary).toBe("applications kept 90 days; 0 products; 0 certificate records");
    expect(JSON.parse(await readFile(join(build.buildDir, "server-settings.json"), "utf8"))).toEqual({
      applicationRetentionDays: 90,
      siteUrl: "https://www.company.example",
      products: {},
      certificates: [],
      replyTemplates: [],
      quotation: expect.objectContaining({ validityDays: 30, currency: "USD" }),
      locales: [],
      replyTemplatesIn: {},
    });
    // SITE_URL, as the canonical links take it, before the content's website.
    await serverSettings.run({ ...build, content, siteUrl: "https://shop.company.example" });
    expect(JSON.parse(await readFile(join(build.buildDir, "server-settings.json"), "utf8"))).toMatchObject({ siteUrl: "https://shop.company.example" });
  });

  it("writes each product's name, own terms and specification summary, and every certificate record", async () => {
    const content = await loadSiteContent(fixtureContentDir);
    build = await tempBuild();
    await serverSettings.run({ ...build, content });
    const settings = JSON.parse(await readFile(join(build.buildDir, "server-settings.json"), "utf8"));
    expect(settings.products["men/tshirt"]).toEqual({
      label: "Men T-Shirt",
      moqPiecesPerColour: 300,
      leadTimeDays: [45, 75],
      summary: "Construction: Jersey; Composition: 100% organic cotton, CVC 60/40; Cotton: Organic cotton, BCI cotton; Fabric weight: 160–200 GSM; Sizes: XS–3XL",
      terms: "Minimum order: 300 pieces per colour; Lead time: 45–75 days",
    });
    expect(settings.products["men/hoodie"]).toMatchObject({ label: "Men Hoodie", moqPiecesPerColour: 500, leadTimeDays: null, summary: "" });
    expect(settings.certificates.map((c) => c.slug).sort()).toEqual(["gots-knit-partner", "oeko-tex-standard-100", "wrap-expired"]);
  });

  it("hands the studio's reply templates to the server (the staff desk's reply form)", async () => {
    build = await tempBuild();
    const replyTemplates = [{ name: "Thanks", text: "Dear {name}, thank you ({reference})." }];
    const content = { modules: { career: { retentionDays: 90 }, site: { url: "https://www.company.example/" } }, replyTemplates };
    await serverSettings.run({ ...build, content });
    expect(JSON.parse(await readFile(join(build.buildDir, "server-settings.json"), "utf8")).replyTemplates).toEqual(replyTemplates);
  });

  it("writes the quotations' letterhead from the company's content, the quote form's payment modes and the studio's other terms", async () => {
    const content = await loadSiteContent(fixtureContentDir);
    build = await tempBuild();
    await serverSettings.run({ ...build, content });
    const { quotation } = JSON.parse(await readFile(join(build.buildDir, "server-settings.json"), "utf8"));
    const { site } = content.modules;
    expect(quotation.letterhead).toEqual({
      name: site.name,
      tagline: site.tagline,
      taglineIn: Object.fromEntries(content.locales.map(({ code }) => [code, siteTagline(content, code)])),
      address: site.headOffice.address,
      addressIn: Object.fromEntries(content.locales.map(({ code }) => [code, headOfficeAddress(content, code)])),
      email: site.email,
      phone: site.phone,
      website: site.url.replace(/^https?:\/\//, ""),
    });
    expect(quotation.letterhead.address).toMatch(/\S/);
    // Each language's as the line sheets' letterhead (decision 0198): the street marked English, the country in the language's words.
    const street = "House 10, Road 7, Sector 4, Uttara, Dhaka-1230";
    expect(quotation.letterhead.addressIn.de).toEqual([{ text: street, lang: "en" }, { text: ", " }, { text: "Bangladesch" }]);
    expect(quotation.letterhead.addressIn.en).toEqual([{ text: street }, { text: ", " }, { text: "Bangladesh" }]);
    expect(quotation.letterhead.addressIn.en.map((p) => p.text).join("")).toBe(site.headOffice.address);
    // Each language's tagline as the line sheets' (decision 0203): the fixture's German, the English one unmarked.
    expect(quotation.letterhead.taglineIn).toEqual({ en: { text: site.tagline }, de: { text: "Zu 100 % export\u00ADorientiertes Unternehmen" } });
    // Not the quote page's terms box: every payment mode and the whole dispatch range would contradict
    // the payment and lead time the draft states above them (decision 0138).
    expect(quotation.terms).toBe(content.quotations.terms);
    expect(quotation.terms).not.toMatch(/Dispatch|LC, TT|Payment/);
    expect(quotation.paymentModes).toEqual(content.modules.quotes.en.paymentModes);
    expect(quotation.paymentModes.LC).toBe("LC – letter of credit");
    expect(quotation.validityDays).toBe(30);
  });
});

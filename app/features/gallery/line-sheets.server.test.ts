// @vitest-environment node
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { extractText, getDocumentProxy } from "unpdf";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fixtureContentDir } from "../../../fixtures/fixture-content";
import { readSiteContent } from "../../content/reader/site-content.server";
import { LineSheetMaker, formatFileSize, lineSheetInputs } from "./line-sheets.server";

// Line sheets (decision 0075) from the fixture content: the text a PDF reader extracts, the cache by
// content hash, and a name in Latin Extended letters printed as written (the embedded font).

let cacheDir: string;
beforeEach(async () => {
  cacheDir = await mkdtemp(join(tmpdir(), "line-sheets-"));
});
afterEach(() => rm(cacheDir, { recursive: true, force: true }));

const textOf = async (file: string) => {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await readFile(file))), { mergePages: true });
  return text.replace(/\s+/g, " ");
};
const inputs = async () =>
  lineSheetInputs(await readSiteContent(fixtureContentDir, { today: "2026-11-28" }), {
    root: fixtureContentDir,
    publicDir: resolve("public"),
    siteOrigin: "https://www.example.com",
  });

// Each sheet embeds fonts and resizes photos with sharp: seconds on a busy machine.
describe("line sheets", { timeout: 30_000 }, () => {
  it("list the family's products with their specifications, certificates and address, then the company's terms", async () => {
    const content = await readSiteContent(fixtureContentDir, { today: "2026-11-28" });
    const men = (await inputs()).find((s) => s.family === "men")!;
    const maker = new LineSheetMaker(cacheDir, () => new Date("2026-11-28T10:00:00Z"));
    const text = await textOf((await maker.sheet(men.input)).cacheFile);

    expect(text).toContain("Men: line sheet");
    expect(text).toContain("Issued 28 November 2026");
    expect(text).toContain(content.modules.site.name);
    expect(text).toContain(content.modules.site.email);
    for (const item of content.gallery.find((f) => f.slug === "men")!.items) expect(text).toContain(`Men ${item.label}`);
    expect(text).not.toContain("Jute Basket");
    expect(text).not.toContain("Non Textile Basket");
    expect(text).toContain("Minimum order: 300 pieces per colour");
    expect(text).toContain("Lead time: 45–75 days");
    expect(text).toContain("Composition: 100% organic cotton, CVC 60/40");
    expect(text).toContain("GOTS – Global Organic Textile Standard (CU 900001)");
    expect(text).not.toContain("WRAP Gold"); // expired
    expect(text).toMatch(/Photos and details: https:\/\/\S+\/gallery\/men\/tshirt/);
    expect(text).toContain(content.modules.quotes.en!.termsHeading);
    for (const term of content.modules.quotes.en!.terms) expect(text).toContain(`${term.label}: ${term.text}`);
  });

  it("are made once per content: the same content is taken from the cache, a changed product makes a new sheet", async () => {
    const men = (await inputs()).find((s) => s.family === "men")!.input;
    const maker = new LineSheetMaker(cacheDir);
    const first = await maker.sheet(men);
    const again = await maker.sheet(men);
    expect(again.cacheFile).toBe(first.cacheFile);
    expect([maker.made, maker.cacheHits]).toEqual([1, 1]);
    const renamed = {
      ...men,
      families: men.families.map((f) => ({ ...f, products: f.products.map((p, i) => (i === 0 ? { ...p, name: "Men Łódź Żółć Tee" } : p)) })),
    };
    const changed = await maker.sheet(renamed);
    expect(changed.cacheFile).not.toBe(first.cacheFile);
    expect(maker.made).toBe(2);
    // Latin Extended letters print as written: the font is embedded, not one of PDF's standard 14.
    expect(await textOf(changed.cacheFile)).toContain("Men Łódź Żółć Tee");
  });

  it("hold the whole catalogue with photos resized for print", async () => {
    const all = await inputs();
    const catalogue = all.find((s) => !s.family)!;
    const maker = new LineSheetMaker(cacheDir);
    const sheet = await maker.sheet(catalogue.input);
    const text = await textOf(sheet.cacheFile);
    for (const family of catalogue.input.families) for (const product of family.products) expect(text).toContain(product.name);
    // Eight fixture products, each with a photo: well under a megabyte (the company's 49 stay under 10 MB).
    expect(sheet.bytes).toBeLessThan(1024 * 1024);
    expect(formatFileSize(1.1 * 1024 * 1024)).toBe("1.1 MB");
    expect(formatFileSize(245 * 1024)).toBe("245 kB");
  });
});

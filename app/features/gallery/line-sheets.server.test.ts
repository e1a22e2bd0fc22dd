// @vitest-environment node
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { getDocumentProxy, getMeta } from "unpdf";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fixtureContentDir } from "../../../fixtures/fixture-content";
import { documentLang as documentLangOf, pdfText, spanLangs as spanLangsOf, spanTexts as spanTextsOf } from "../../../test-support/pdf-text";
import { a4 } from "../../../server/platform/pdf-document";
import { readSiteContent } from "../../content/reader/site-content.server";
import { partsText } from "../../lib/text-parts";
import {
  type LineSheets,
  LineSheetMaker,
  formatFileSize,
  lineSheetInputs,
  lineSheetLink,
  lineSheetLinks,
  lineSheetPath,
  lineSheetsFor,
} from "./line-sheets.server";

// Line sheets (decision 0075) from the fixture content: the text a PDF reader extracts, the cache by
// content hash, and a name in Latin Extended letters printed as written (the embedded font); in each
// language (decision 0175): the document's /Lang, an untranslated product's block marked English.

let cacheDir: string;
beforeEach(async () => {
  cacheDir = await mkdtemp(join(tmpdir(), "line-sheets-"));
});
afterEach(() => rm(cacheDir, { recursive: true, force: true }));

// A sheet's file read as a PDF reader and a screen reader read it (test-support/pdf-text.ts).
const textOf = async (file: string) => pdfText(await readFile(file));
const options = { root: fixtureContentDir, publicDir: resolve("public"), siteOrigin: "https://www.example.com" };
const inputs = async () => lineSheetInputs(await readSiteContent(fixtureContentDir, { today: "2026-11-28" }), options);
const documentLang = async (file: string) => documentLangOf(await readFile(file));
const spanLangs = async (file: string) => spanLangsOf(await readFile(file));
const spanTexts = async (file: string) => spanTextsOf(await readFile(file));
/** The fixture's head office's street, as its office writes it (fixtures/content/offices/). */
const headOfficeStreet = "House 10, Road 7, Sector 4, Uttara, Dhaka-1230";

// Each sheet embeds fonts and resizes photos with sharp: seconds on a busy machine.
describe("line sheets", { timeout: 30_000 }, () => {
  it("list the family's products with their specifications, certificates and address, then the company's terms", async () => {
    const content = await readSiteContent(fixtureContentDir, { today: "2026-11-28" });
    const men = (await inputs()).find((s) => s.family === "men" && s.code === "en")!;
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
    const file = (await maker.sheet(men.input)).cacheFile;
    expect(await documentLang(file)).toBe("en");
    expect(await spanLangs(file)).toEqual([]);
  });

  it("in German: the translated product's words, the family's name, the fixed words, the terms and the date in German, an untranslated product English and marked so", async () => {
    const content = await readSiteContent(fixtureContentDir, { today: "2026-11-28" });
    const men = (await inputs()).find((s) => s.family === "men" && s.code === "de")!;
    const maker = new LineSheetMaker(cacheDir, () => new Date("2026-11-28T10:00:00Z"));
    const file = (await maker.sheet(men.input)).cacheFile;
    const text = await textOf(file);

    expect(text).toContain("Herren: Produktübersicht");
    expect(text).toContain("Stand: 28. November 2026");
    expect(text).toContain("Kontakt");
    expect(text).toContain("Herren T-Shirt");
    expect(text).toContain("Ein Fixture-T-Shirt aus Bio-Baumwoll-Jersey");
    expect(text).toContain("Zusammensetzung: 100 % Bio-Baumwolle, CVC 60/40");
    expect(text).toContain("Mindestbestellmenge: 300 Stück pro Farbe");
    expect(text).toMatch(/Fotos und Details: https:\/\/\S+\/de\/gallery\/men\/tshirt/);
    expect(text).toContain(content.modules.quotes.de!.termsHeading);
    for (const term of content.modules.quotes.de!.terms) expect(text).toContain(`${term.label}: ${term.text}`);
    expect(text).toContain("Preise auf Anfrage");
    expect(text).not.toContain("Issued");
    expect(await documentLang(file)).toBe("de");

    // The hoodie and the footwear have no German translation: each block English (name, words,
    // specification), marked English; their address the German page's, their link's words German.
    expect(text).toContain("Men Hoodie");
    expect(text).not.toContain("Herren Hoodie");
    expect(text).toMatch(/Fotos und Details: https:\/\/\S+\/de\/gallery\/men\/hoodie/);
    // The T-Shirt's certificate whose record is not translated (OEKO-TEX) English in its German
    // block, in a span of its own (decision 0183); the German record's (GOTS) not.
    // After the letterhead's street (decision 0194).
    const untranslated = content.gallery.find((f) => f.slug === "men")!.items.filter((i) => i.slug !== "tshirt");
    expect(await spanLangs(file)).toEqual(["en", "en", ...untranslated.map(() => "en")]);
    const [street, certificate, ...spans] = await spanTexts(file);
    expect(street).toBe(headOfficeStreet);
    expect(certificate).toBe("OEKO-TEX STANDARD 100");
    expect(text).toMatch(/Zertifikate: GOTS – Global Organic Textile Standard \(CU 900001\); OEKO-TEX STANDARD 100 \(/);
    expect(spans.map((t) => t.split(" ").slice(0, 2).join(" "))).toEqual(untranslated.map((i) => `Men ${i.label.split(" ")[0]}`));
    expect(spans.join(" ")).toContain("Minimum order:");
    expect(spans.join(" ")).not.toMatch(/Fotos|Mindestbestellmenge|T-Shirt/);
  });

  it("in German: a translated product in an untranslated family names the family English in its German block, in a span of its own (decision 0183)", async () => {
    const content = await readSiteContent(fixtureContentDir, { today: "2026-11-28" });
    // The fixture translates no product of its Women family: its Jeans taken as translated.
    const de = content.galleries.de!;
    const families = de.families.map((f) => (f.slug === "women" ? { ...f, items: f.items.map((i) => (i.slug === "pant" ? { ...i, lang: "de" } : i)) } : f));
    const translated = { ...content, galleries: { ...content.galleries, de: { ...de, families } } };
    const women = lineSheetInputs(translated, options).find((s) => s.family === "women" && s.code === "de")!;
    const jeans = women.input.families[0]!.products.find((p) => p.url.endsWith("/women/pant"))!;
    expect(jeans.name).toEqual([{ text: "Women", lang: "en" }, { text: " Jeans" }]);
    expect(jeans.lang).toBeUndefined();
    const file = (await new LineSheetMaker(cacheDir).sheet(women.input)).cacheFile;
    expect(await textOf(file)).toContain("Women Jeans");
    const spans = await spanTexts(file);
    // After the letterhead's street and the title's "Women" (decisions 0194, 0190): "Women" alone in
    // the Jeans' block; the untranslated footwear's block English whole, as before; the footer's
    // "Women" on each page (decision 0194).
    expect(spans.slice(0, 3)).toEqual([headOfficeStreet, "Women", "Women"]);
    expect(
      spans
        .slice(3)
        .filter((t) => t !== "Women")
        .map((t) => t.split(" ").slice(0, 2).join(" ")),
    ).toEqual(["Women Footwear"]);
    expect(await spanLangs(file)).toEqual(spans.map(() => "en"));
  });

  it("in German: an untranslated family's sheet draws its title with the family's English name in a span of its own, its metadata title one string (decision 0190)", async () => {
    const women = (await inputs()).find((s) => s.family === "women" && s.code === "de")!;
    expect(women.input.title).toEqual([{ text: "Women", lang: "en" }, { text: ": Produktübersicht" }]);
    const file = (await new LineSheetMaker(cacheDir).sheet(women.input)).cacheFile;
    expect(await textOf(file)).toContain("Women: Produktübersicht");
    // The title's span after the letterhead's street, then each untranslated product's block (the
    // fixture translates none of Women's), and each page's footer's "Women" (decision 0194).
    const spans = await spanTexts(file);
    expect(spans.slice(0, 2)).toEqual([headOfficeStreet, "Women"]);
    expect(spans.slice(2).every((t) => t === "Women" || t.startsWith("Women "))).toBe(true);
    expect(new Set(await spanLangs(file))).toEqual(new Set(["en"]));
    // The Info dictionary holds a string: the title's words in one, said in the document's language.
    expect((await getMeta(new Uint8Array(await readFile(file)))).info.Title).toBe("Women: Produktübersicht");
    expect(await documentLang(file)).toBe("de");

    // A translated family's title: one part, nothing marked.
    const men = (await inputs()).find((s) => s.family === "men" && s.code === "de")!;
    expect(men.input.title).toEqual([{ text: "Herren: Produktübersicht" }]);
  });

  it("in German: the letterhead's street marked English and its country German, the footer's untranslated family's name in a span of its own (decision 0194)", async () => {
    const content = await readSiteContent(fixtureContentDir, { today: "2026-11-28" });
    const women = (await inputs()).find((s) => s.family === "women" && s.code === "de")!;
    expect(women.input.letterhead.address).toEqual([{ text: headOfficeStreet, lang: "en" }, { text: ", " }, { text: "Bangladesch" }]);
    const file = (await new LineSheetMaker(cacheDir).sheet(women.input)).cacheFile;
    const text = await textOf(file);
    expect(text).toContain(`${headOfficeStreet}, Bangladesch`);
    expect(text).not.toContain("Bangladesh");
    const spans = await spanTexts(file);
    expect(spans[0]).toBe(headOfficeStreet);
    expect(spans).not.toContain("Bangladesch");

    // Every page's footer, one line: "Fixture Sourcing Ltd. · Women: Produktübersicht · 1 / 1", the
    // family's name in its span, as in the title (one span "Women" more than the title's per page).
    const pdf = await getDocumentProxy(new Uint8Array(await readFile(file)));
    const pages = pdf.numPages;
    for (let page = 1; page <= pages; page++) expect(text).toContain(`${content.modules.site.name} · Women: Produktübersicht · ${page} / ${pages}`);
    expect(spans.filter((t) => t === "Women")).toHaveLength(1 + pages);
    // Still one line centred on the page: its pieces on one baseline, their middle the page's.
    const { items } = await (await pdf.getPage(1)).getTextContent();
    const footer = items.flatMap((i) => ("str" in i && i.transform[5] < a4.margin ? [i] : []));
    expect(footer.map((i) => i.str).join("")).toBe(`${content.modules.site.name} · Women: Produktübersicht · 1 / ${pages}`);
    expect(new Set(footer.map((i) => Math.round(i.transform[5] as number))).size).toBe(1);
    const [left, right] = [Math.min(...footer.map((i) => i.transform[4] as number)), Math.max(...footer.map((i) => (i.transform[4] as number) + i.width))];
    expect(Math.abs((left + right) / 2 - a4.width / 2)).toBeLessThan(1);
    expect(new Set(await spanLangs(file))).toEqual(new Set(["en"]));

    // On the English sheet nothing is marked: the street and the country in the sheet's language.
    const english = (await inputs()).find((s) => s.family === "women" && s.code === "en")!;
    expect(english.input.letterhead.address).toEqual([{ text: headOfficeStreet }, { text: ", " }, { text: "Bangladesh" }]);
  });

  it("in German: the whole catalogue marks an untranslated family's heading English, its translated family's not", async () => {
    const content = await readSiteContent(fixtureContentDir, { today: "2026-11-28" });
    const catalogue = (await inputs()).find((s) => !s.family && s.code === "de")!;
    const file = (await new LineSheetMaker(cacheDir).sheet(catalogue.input)).cacheFile;
    expect(await textOf(file)).toContain("Produktkatalog");
    const spans = await spanTexts(file);
    const untranslatedFamilies = content.galleries.de!.families.filter((f) => f.lang === "en").map((f) => f.label);
    expect(untranslatedFamilies.length).toBeGreaterThan(0);
    for (const label of untranslatedFamilies) expect(spans).toContain(label);
    expect(spans).not.toContain("Herren");
    expect(new Set(await spanLangs(file))).toEqual(new Set(["en"]));
  });

  it("are made in a language once its catalogue words are translated, at its address; until then its pages link the default language's, marked", async () => {
    const content = await readSiteContent(fixtureContentDir, { today: "2026-11-28" });
    const all = lineSheetInputs(content, options);
    expect(new Set(all.map((s) => s.code))).toEqual(new Set(["en", "de"]));
    // Without the German catalogue words, no German sheet.
    const untranslated = { ...content, galleries: { ...content.galleries, de: { ...content.galleries.de!, wordsLang: "en" } } };
    expect(new Set(lineSheetInputs(untranslated, options).map((s) => s.code))).toEqual(new Set(["en"]));

    expect(lineSheetPath("men", "en", content.locales)).toBe("line-sheets/men-line-sheet.pdf");
    expect(lineSheetPath(undefined, "en", content.locales)).toBe("line-sheets/catalogue.pdf");
    expect(lineSheetPath("men", "de", content.locales)).toBe("de/line-sheets/men-line-sheet.pdf");
    const file = (path: string) => ({ path, cacheFile: "", bytes: 1.1 * 1024 * 1024 });
    const sheets: LineSheets = {
      defaultCode: "en",
      languages: { en: { families: { men: file("line-sheets/men-line-sheet.pdf") }, catalogue: null }, de: { families: {}, catalogue: null } },
    };
    expect(lineSheetsFor(sheets, "de")).toEqual({ set: sheets.languages.de });
    expect(lineSheetsFor(sheets, undefined)).toEqual({ set: sheets.languages.en });
    expect(lineSheetsFor(sheets, "fr")).toEqual({ set: sheets.languages.en, lang: "en" });
    // The size in the words' language.
    expect(
      lineSheetLink(file("de/line-sheets/men-line-sheet.pdf"), "Produktübersicht {family} (PDF, {size})", { values: { family: "Herren" }, code: "de" }),
    ).toEqual({
      href: "/de/line-sheets/men-line-sheet.pdf",
      label: [{ text: "Produktübersicht Herren (PDF, 1,1 MB)" }],
    });
  });

  it("are linked by the family and catalogue pages alike: a family's name in its own language where not the link's, the default language's name on its sheets (decision 0183)", async () => {
    const content = await readSiteContent(fixtureContentDir, { today: "2026-11-28" });
    const file = (path: string) => ({ path, cacheFile: "", bytes: 61 * 1024 });
    const set = (prefix: string) => ({
      families: { men: file(`${prefix}line-sheets/men-line-sheet.pdf`), women: file(`${prefix}line-sheets/women-line-sheet.pdf`) },
      catalogue: file(`${prefix}line-sheets/catalogue.pdf`),
    });
    const sheets: LineSheets = { defaultCode: "en", languages: { en: set(""), de: set("de/") } };
    // The English data as the loaders read it: the Women family without a label named by its slug.
    const english = { data: [{ category: "men", label: "Men" }, { category: "women" }], words: content.galleries.en!.words };
    const words = content.galleries.de!.words;
    // The German page's families as its data gives them: Herren translated ("de"), Women not ("en").
    const herren = { slug: "men", label: "Herren", lang: "de" };
    const women = { slug: "women", label: "Women", lang: "en" };

    const german = lineSheetLinks(sheets, "de", { words, english });
    expect(german.family(women)).toEqual({
      href: "/de/line-sheets/women-line-sheet.pdf",
      label: [{ text: "Produktübersicht " }, { text: "Women", lang: "en" }, { text: " herunterladen (PDF, 61 kB)" }],
    });
    expect(german.family(herren)?.label).toEqual([{ text: "Produktübersicht Herren herunterladen (PDF, 61 kB)" }]);
    expect(german.catalogue).toEqual({ href: "/de/line-sheets/catalogue.pdf", label: [{ text: "Gesamten Katalog herunterladen (PDF, 61 kB)" }] });
    expect(german.family({ slug: "kids", label: "Kinder", lang: "de" })).toBeUndefined();

    // A language without sheets of its own: the English sheets, words and names (a family's slug
    // where it has no label; the shown name where the English data lacks it), the link marked English.
    const french = lineSheetLinks(
      { ...sheets, languages: { en: { ...set(""), families: { ...set("").families, kids: file("line-sheets/kids-line-sheet.pdf") } } } },
      "fr",
      {
        words,
        english,
      },
    );
    expect(french.family({ slug: "men", label: "Hommes", lang: "fr" })).toEqual({
      href: "/line-sheets/men-line-sheet.pdf",
      label: [{ text: "Download the Men line sheet (PDF, 61 kB)" }],
      lang: "en",
    });
    expect(french.family({ slug: "women", label: "Femmes", lang: "fr" })?.label).toEqual([{ text: "Download the women line sheet (PDF, 61 kB)" }]);
    expect(french.family({ slug: "kids", label: "Enfants", lang: "fr" })?.label).toEqual([
      { text: "Download the " },
      { text: "Enfants", lang: "fr" },
      { text: " line sheet (PDF, 61 kB)" },
    ]);
    expect(french.catalogue).toMatchObject({ href: "/line-sheets/catalogue.pdf", lang: "en" });
    // The English page: nothing marked.
    expect(lineSheetLinks(sheets, undefined, { words: english.words, english }).family({ slug: "men", label: "Men" })).toEqual({
      href: "/line-sheets/men-line-sheet.pdf",
      label: [{ text: "Download the Men line sheet (PDF, 61 kB)" }],
    });
  });

  it("are made once per content: the same content is taken from the cache, a changed product makes a new sheet", async () => {
    const men = (await inputs()).find((s) => s.family === "men" && s.code === "en")!.input;
    const maker = new LineSheetMaker(cacheDir);
    const first = await maker.sheet(men);
    const again = await maker.sheet(men);
    expect(again.cacheFile).toBe(first.cacheFile);
    expect([maker.made, maker.cacheHits]).toEqual([1, 1]);
    const renamed = {
      ...men,
      families: men.families.map((f) => ({ ...f, products: f.products.map((p, i) => (i === 0 ? { ...p, name: [{ text: "Men Łódź Żółć Tee" }] } : p)) })),
    };
    const changed = await maker.sheet(renamed);
    expect(changed.cacheFile).not.toBe(first.cacheFile);
    expect(maker.made).toBe(2);
    // Latin Extended letters print as written: the font is embedded, not one of PDF's standard 14.
    expect(await textOf(changed.cacheFile)).toContain("Men Łódź Żółć Tee");
  });

  it("hold the whole catalogue with photos resized for print", async () => {
    const all = await inputs();
    const catalogue = all.find((s) => !s.family && s.code === "en")!;
    const maker = new LineSheetMaker(cacheDir);
    const sheet = await maker.sheet(catalogue.input);
    const text = await textOf(sheet.cacheFile);
    for (const family of catalogue.input.families) for (const product of family.products) expect(text).toContain(partsText(product.name));
    // Eight fixture products, each with a photo: well under a megabyte (the company's 49 stay under 10 MB).
    expect(sheet.bytes).toBeLessThan(1024 * 1024);
    expect(formatFileSize(1.1 * 1024 * 1024)).toBe("1.1 MB");
    expect(formatFileSize(245 * 1024)).toBe("245 kB");
  });
});

// @vitest-environment node
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readSiteContent, type SiteContent } from "../../../app/content/reader/site-content.server";
import { richTextParagraphs } from "../../../app/content/rich-text";
import { fixtureContentDir } from "../../../fixtures/fixture-content";
import { documentLang, pdfText, spanLangs, spanTexts } from "../../../test-support/pdf-text";
import { fixtureContentCopies } from "../../../test-support/temp-dirs";
import { makeProfilePdf, profileInputs } from "./build-profile-pdf";

// The company profile PDF (decisions 0015, 0188) from the fixture content, in English and German:
// the text a PDF reader extracts, the document's /Lang and the passages marked English.

const read = (root = fixtureContentDir) => readSiteContent(root, { today: "2026-11-28" });
const profileIn = async (content: SiteContent, code: string) => {
  const input = profileInputs(content).find((p) => p.lang === code)!;
  return makeProfilePdf(input, { date: new Date("2026-11-28T10:00:00Z") });
};
const copies = fixtureContentCopies("company-profile-");

// Each profile embeds the fonts: a second or more on a busy machine.
describe("company profile PDF", { timeout: 30_000 }, () => {
  it("in English: the company's name, facts, pages and contact, numbered pages, /Lang (en) and nothing marked", async () => {
    const content = await read();
    const { site, companyPages, missions } = content.modules;
    const bytes = await profileIn(content, "en");
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe("%PDF-");
    const text = await pdfText(bytes);
    expect(text).toContain(`${site.name}`);
    expect(text).toContain("Company Profile");
    expect(text).toContain("Key facts");
    expect(text).toContain(`USD ${site.turnover.currentUsdMillions} million`);
    expect(text).toContain(richTextParagraphs(companyPages.en!.about.intro)[0]!.slice(0, 40));
    expect(text).toContain(missions.en!.mission.heading);
    expect(text).toContain(companyPages.en!.quality.inspection.body.slice(0, 40));
    for (const certificate of site.certificates) expect(text).toContain(certificate);
    expect(text).toMatch(/Head office House 10, Road 7, Sector 4, Uttara, Dhaka-1230, Bangladesh/);
    expect(text).toContain(site.email);
    expect(text).toMatch(/Page 1 of (\d+)/);
    expect(documentLang(bytes)).toBe("en");
    expect(spanLangs(bytes)).toEqual([]);
  });

  it("in German: its own words and every company page's German, the street the office's own words marked English, /Lang (de)", async () => {
    const content = await read();
    const de = content.modules.companyPages.de!;
    const bytes = await profileIn(content, "de");
    const text = await pdfText(bytes);
    for (const words of ["Unternehmensprofil", "Zahlen und Fakten", "Qualität", "Kontakt", "Hauptsitz", "E-Mail", "Telefon", "Website"]) expect(text).toContain(words);
    expect(text).toMatch(/Seite 1 von \d+/);
    expect(text).toContain(richTextParagraphs(de.about.intro)[0]!.slice(0, 40));
    expect(text).toContain("Unsere Mission");
    expect(text).toContain("Jeder Auftrag wird nach AQL 1.5-2.5 geprüft");
    expect(text).toContain(de.compliance.intro.slice(0, 40));
    expect(text).toContain("Schuhe");
    expect(text).toContain("Dhaka-1230, Bangladesch");
    for (const english of ["Company Profile", "Key facts", "Head office", "Page 1 of", "Bangladesh", "Footwear"]) expect(text).not.toContain(english);
    expect(documentLang(bytes)).toBe("de");
    // Only the head office's street, the postal names the office writes (decision 0181).
    expect(spanLangs(bytes)).toEqual(["en"]);
    expect(await spanTexts(bytes)).toEqual(["House 10, Road 7, Sector 4, Uttara, Dhaka-1230"]);
  });

  it("in German: a company page not translated is English, each of its passages marked English, under the profile's German heading", async () => {
    const content = await read();
    const { companyPages } = content.modules;
    const untranslated = {
      ...content,
      modules: { ...content.modules, companyPages: { ...companyPages, de: { ...companyPages.de!, quality: { ...companyPages.en!.quality, lang: "en" } } } },
    };
    const bytes = await profileIn(untranslated, "de");
    const text = await pdfText(bytes);
    const english = companyPages.en!.quality;
    expect(text).toContain("Qualität");
    expect(text).toContain(english.inspection.body.slice(0, 40));
    expect(text).not.toContain("Jeder Auftrag wird nach AQL");
    const spans = await spanTexts(bytes);
    expect(spans.some((s) => s.startsWith(english.inspection.body.slice(0, 40)))).toBe(true);
    expect(spans.some((s) => s.includes(english.precautions.items[0]!.slice(0, 30)))).toBe(true);
    expect(spans.some((s) => s.includes("Qualität"))).toBe(false);
    expect(new Set(spanLangs(bytes))).toEqual(new Set(["en"]));
  });

  it("is made in each language whose about page is translated, which links it; without the German about page, none in German, its page linking the English one", async () => {
    const content = await read();
    expect(profileInputs(content).map((p) => [p.lang, p.path])).toEqual([
      ["en", "company-profile.pdf"],
      ["de", "de/company-profile.pdf"],
    ]);
    expect(content.modules.companyPages.de!.about).toMatchObject({ lang: "de", profile: { href: "/de/company-profile.pdf" } });
    expect(content.modules.companyPages.en!.about).toMatchObject({ lang: null, profile: { href: "/company-profile.pdf" } });

    const root = await copies.copy();
    await rm(join(root, "company/de/about.mdoc"));
    const untranslated = await read(root);
    expect(profileInputs(untranslated).map((p) => p.path)).toEqual(["company-profile.pdf"]);
    // The German about page is the English one, marked (decision 0170), and links the English file.
    expect(untranslated.modules.companyPages.de!.about).toMatchObject({
      lang: "en",
      profile: { label: "Company Profile Download", href: "/company-profile.pdf", fileName: "FSL-Company-Profile.pdf" },
    });
  });
});

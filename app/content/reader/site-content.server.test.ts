import { cp, mkdtemp, readFile, rename, rm, unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { fixtureContentDir } from "../../../fixtures/fixture-content";
import { ContentError, readSiteContent } from "./site-content.server";

const readContent = async (dir?: string, options?: { today?: string }) => (await readSiteContent(dir, options)).modules;

// The build reads content/ with Keystatic's reader and the studio's own field definitions, so
// what passes here is what the studio accepts. The fixture content (fixtures/content) is read as it
// is; broken copies of it live in a temporary CONTENT_DIR.

const temps: string[] = [];
afterEach(async () => {
  await Promise.all(temps.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A copy of the fixture content in a folder named content, as the studio names files: content/offices/usa.yaml. */
async function copyOfContent(): Promise<string> {
  const parent = await mkdtemp(join(tmpdir(), "site-content-"));
  temps.push(parent);
  const dir = join(parent, "content");
  await cp(fixtureContentDir, dir, { recursive: true });
  return dir;
}

async function edit(dir: string, file: string, change: (text: string) => string) {
  const path = join(dir, file);
  const before = await readFile(path, "utf8");
  const after = change(before);
  expect(after).not.toBe(before); // the edit really happened
  await writeFile(path, after);
}

async function problemsOf(dir: string): Promise<string[]> {
  const error = await readContent(dir).then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(ContentError);
  return (error as ContentError).problems;
}


describe("the fixture content", () => {
  it("reads without a problem, every module filled", async () => {
    const content = await readContent();
    for (const [name, value] of Object.entries(content)) {
      expect(value, name).toBeTruthy();
      if (Array.isArray(value)) expect(value.length, name).toBeGreaterThan(0);
    }
  });

  it("fills placeholders from the facts, so a head office phone edit reaches every text showing it", async () => {
    const dir = await copyOfContent();
    await edit(dir, "offices/bangladesh.yaml", (t) => t.replace(/^phone: .*$/m, "phone: +880 1999-123456"));
    const { site, offices, faq } = await readContent(dir);
    expect(site.phone).toBe("+880 1999-123456");
    expect(site.phoneHref).toBe("+8801999123456");
    expect(offices.find((o) => o.isHeadOffice)?.phone).toBe("+880 1999-123456");
    expect(JSON.stringify(faq.entries.find((e) => e.id === "contact")?.answer)).toContain("+880 1999-123456");
  });
});

// Each case copies the fixture content (photos included) and reads it: seconds alone, more beside a full test run.
describe("a bad content file", { timeout: 30_000 }, () => {
  it("is named with its field", async () => {
    const dir = await copyOfContent();
    await edit(dir, "offices/usa.yaml", (t) => t.replace(/^phone: .*$/m, "phone: ''"));
    await edit(dir, "site.yaml", (t) => t.replace(/^foundedYear: .*$/m, "foundedYear: twenty"));
    const problems = await problemsOf(dir);
    expect(problems).toContainEqual(expect.stringMatching(new RegExp(`^content/offices/usa.yaml: phone: Phone must`)));
    expect(problems).toContainEqual(expect.stringMatching(new RegExp(`^content/site.yaml: foundedYear: `)));
  });

  it("names a missing required field", async () => {
    const dir = await copyOfContent();
    await edit(dir, "strengths/own-design.yaml", (t) => t.replace(/^description: .*\n/m, ""));
    expect(await problemsOf(dir)).toContainEqual(`content/strengths/own-design.yaml: description: Description must be at least 20 characters long`);
  });

  it("names a field the studio does not know", async () => {
    const dir = await copyOfContent();
    await edit(dir, "strengths/own-design.yaml", (t) => `${t}colour: red\n`);
    expect(await problemsOf(dir)).toContainEqual(`content/strengths/own-design.yaml: colour: not a field of this content type`);
  });

  it("that is not YAML is named with its line", async () => {
    const dir = await copyOfContent();
    await edit(dir, "home/banner.yaml", (t) => `heading: [unclosed\n${t}`);
    expect(await problemsOf(dir)).toContainEqual(expect.stringMatching(/home\/banner\.yaml: line \d+: /));
  });

  it("with an unknown placeholder is named with file and field", async () => {
    const dir = await copyOfContent();
    await edit(dir, "faq/moq.mdoc", (t) => t.replace("{business.moqPiecesPerColor}", "{business.moq}"));
    expect(await problemsOf(dir)).toContainEqual(`content/faq/moq.mdoc: answer: unknown placeholder {business.moq} (see content/README.md for the names)`);
  });

  it("with Markdoc the site does not show (a heading) is refused, not dropped", async () => {
    const dir = await copyOfContent();
    await edit(dir, "company/md-message.mdoc", (t) => t.replace(/\n---\n/, "\n---\n## A heading\n\n"));
    expect(await problemsOf(dir)).toContainEqual(expect.stringMatching(/company\/md-message\.mdoc: message: "h2" is not shown on the site/));
  });

  it("breaking a rule across files (one head office, shares of 100, a carousel view of values, every page) is named", async () => {
    const dir = await copyOfContent();
    await edit(dir, "offices/usa.yaml", (t) => t.replace("isHeadOffice: false", "isHeadOffice: true"));
    await edit(dir, "category-shares/household.yaml", (t) => t.replace("percentage: 20", "percentage: 21"));
    for (const value of ["integrity", "fair-labour", "innovation"]) {
      await rm(join(dir, `values/${value}.yaml`));
    }
    await rm(join(dir, "pages/career.yaml"));
    const problems = await problemsOf(dir);
    expect(problems).toEqual(
      expect.arrayContaining([
        `content/offices: exactly one office must be the head office (found 2)`,
        `content/category-shares: percentages must add up to 100 (they add up to 101)`,
        `content/values: must hold at least 6 values, one carousel view (found 5)`,
        `content/pages/career.yaml: file missing (the page /career needs it)`,
      ]),
    );
  });

  it("with a label losing its slot, or a fixed gallery text changed, is named with file and field", async () => {
    const dir = await copyOfContent();
    await edit(dir, "messages/de.yaml", (t) => t.replace("slide: '{n} von {count}'", "slide: Folie"));
    await edit(dir, "messages/en.yaml", (t) => t.replace("untitledProduct: Name of products", "untitledProduct: Untitled"));
    const problems = await problemsOf(dir);
    expect(problems).toContainEqual(`content/messages/en.yaml: gallery.untitledProduct: must be exactly "Name of products" (fixed by the specification)`);
    expect(problems).toContainEqual(`content/messages/de.yaml: carousel.slide: Each card's position (screen readers) must contain {n}, {count}`);
    await edit(dir, "messages/en.yaml", (t) => t.replace("viewLarger: 'View larger: {title}'", "viewLarger: View larger"));
    expect(await problemsOf(dir)).toContainEqual(`content/messages/en.yaml: gallery.viewLarger: Button on each picture (screen readers) must contain {title}`);
  });

  it("with a static gallery card's photo deleted is named with file and field", async () => {
    const dir = await copyOfContent();
    await rm(join(dir, "media/gallery/men/hoodie/photos/0/image.webp"));
    expect(await problemsOf(dir)).toContainEqual(
      `content/gallery/showcases.yaml: homeTextile.cards.1.image: no such photo content/media/gallery/men/hoodie/photos/0/image.webp (choose a photo of a gallery item)`,
    );
    // A path that is not a gallery photo at all is refused by the field itself.
    const other = await copyOfContent();
    await edit(other, "gallery/showcases.yaml", (t) => t.replace("/media/gallery/nontextile/straw&plasticbasket/photos/1/image.webp", "/images/old-drawing.webp"));
    expect(await problemsOf(other)).toContainEqual(expect.stringMatching(new RegExp(`^content/gallery/showcases.yaml: nonTextile\\.cards\\.2\\.image: Picture must be a gallery photo`)));
  });

  it("left in the folder where neither the studio nor the build reads it is named", async () => {
    const dir = await copyOfContent();
    await writeFile(join(dir, "notes.txt"), "call the printer\n");
    await writeFile(join(dir, "faq/draft.md"), "a question for later\n");
    await writeFile(join(dir, "faq/.DS_Store"), "");
    const problems = await problemsOf(dir);
    expect(problems.filter((p) => p.includes("neither the studio nor the build reads this file"))).toEqual([
      "content/faq/draft.md: neither the studio nor the build reads this file; move it out of the content folder or delete it",
      "content/notes.txt: neither the studio nor the build reads this file; move it out of the content folder or delete it",
    ]);
  });

  it("that changes a fixed message is refused", async () => {
    const dir = await copyOfContent();
    await edit(dir, "messages/en.yaml", (t) => t.replace("Please upload your resume.", "Upload a resume"));
    expect(await problemsOf(dir)).toContainEqual(`content/messages/en.yaml: careerForm.noFile: must be exactly "Please upload your resume." (fixed by the specification)`);
  });
});

describe("a list edited in the studio", () => {
  it("may grow: one more FAQ entry is read, in its order", async () => {
    const dir = await copyOfContent();
    const before = (await readContent(dir)).faq.entries.length;
    await writeFile(join(dir, "faq/samples.mdoc"), "---\nquestion: Do you send samples?\norder: 99\n---\nYes, within **7 days**.\n");
    const { faq } = await readContent(dir);
    expect(faq.entries).toHaveLength(before + 1);
    expect(faq.entries.at(-1)).toEqual({
      id: "samples",
      question: "Do you send samples?",
      answer: [{ tag: "p", children: ["Yes, within ", { tag: "strong", children: ["7 days"] }, "."] }],
    });
  });
});

describe("job openings (content/jobs/)", () => {
  const merchandiser = "jobs/knitwear-merchandiser.mdoc";

  it("a job closing before it opens, or without a country code, is named with file and field", async () => {
    const dir = await copyOfContent();
    await edit(dir, merchandiser, (t) => t.replace("validThrough: 2099-12-31", "validThrough: 2026-10-01"));
    expect(await problemsOf(dir)).toContainEqual(`content/${merchandiser}: validThrough: Valid through (2026-10-01) must not be before Date posted (2026-11-01)`);
    const other = await copyOfContent();
    await edit(other, merchandiser, (t) => t.replace("countryCode: BD", "countryCode: Bangladesh"));
    expect(await problemsOf(other)).toContainEqual(expect.stringMatching(new RegExp(`^content/${merchandiser}: location\\.countryCode: `)));
  });

  it("a job without a valid-through date is named with file and field", async () => {
    const dir = await copyOfContent();
    await edit(dir, merchandiser, (t) => t.replace(/^validThrough: .*\n/m, ""));
    expect(await problemsOf(dir)).toContainEqual(expect.stringMatching(new RegExp(`^content/${merchandiser}: validThrough: `)));
  });

  it("an expired opening drops out on the build's day; with none open the list is empty and the texts stay", async () => {
    const dir = await copyOfContent();
    await edit(dir, merchandiser, (t) => t.replace("validThrough: 2099-12-31", "validThrough: 2027-06-30"));
    const midYear = await readContent(dir, { today: "2027-06-30" });
    expect(midYear.jobs.map((j) => j.slug)).toEqual(["knitwear-merchandiser", "pattern-maker"]);
    const july = await readContent(dir, { today: "2027-07-01" });
    expect(july.jobs.map((j) => j.slug)).toEqual(["pattern-maker"]);
    // Every language's list too (decision 0168).
    expect(july.localizedJobs.de!.map((j) => j.slug)).toEqual(["pattern-maker"]);

    await rm(join(dir, "jobs"), { recursive: true });
    const none = await readContent(dir);
    expect(none.jobs).toEqual([]);
    expect(none.localizedJobs.de).toEqual([]);
    expect(none.jobWords.en!.noOpenings).toMatch(/no open positions/);
    expect(july.jobWords.en!.noOpenings).toBeNull(); // shipped only when shown
  });

  it("fills placeholders in a job's description", async () => {
    const { jobs, site } = await readContent();
    const text = JSON.stringify(jobs.find((j) => j.slug === "knitwear-merchandiser")?.description);
    expect(text).toContain(`${site.workWeekDays}-day week`);
    expect(text).not.toContain("{site.");
  });
});

describe("the resume type texts", () => {
  it("must name every type the check accepts", async () => {
    const dir = await copyOfContent();
    await edit(dir, "messages/en.yaml", (t) => t.replace(/^( {2}fileType: .*)ODT, /m, "$1"));
    await edit(dir, "messages/de.yaml", (t) => t.replace(/^( {2}resumeHint: .*)JPEG oder PNG/m, "$1JPEG"));
    await edit(dir, "form-results.yaml", (t) => t.replace(/^(\s+resume-type: .*)JPEG or PNG/m, "$1JPEG"));
    const problems = await problemsOf(dir);
    expect(problems).toContainEqual("content/messages/en.yaml: careerForm.fileType: must name every accepted resume type (missing ODT)");
    expect(problems).toContainEqual("content/messages/de.yaml: careerForm.resumeHint: must name every accepted resume type (missing PNG)");
    expect(problems).toContainEqual("content/form-results.yaml: career.notSent.problems.resume-type: must name every accepted resume type (missing PNG)");
  });
});

// The languages (content/locales.yaml) and the interface's words per language (content/messages/),
// decision 0160: a word missing in any language stops the build, naming the file and the field.
describe("the site's languages and their interface words", () => {
  it("reads every listed language, the default first, with its own words", async () => {
    const { locales, messages, modules } = await readSiteContent();
    expect(locales.map((l) => [l.code, l.name, l.dir])).toEqual([
      ["en", "English", "ltr"],
      ["de", "Deutsch", "ltr"],
    ]);
    expect(modules.locales).toEqual(locales);
    expect(Object.keys(messages)).toEqual(["en", "de"]);
    expect(messages.en!.contactForm.email).toBe("Email");
    expect(messages.de!.contactForm.email).toBe("E-Mail");
    expect(messages.de!.header.mainMenu).toBe("Hauptmenü");
  });

  it("stops on a word missing in one language, naming the file and the field", async () => {
    const dir = await copyOfContent();
    await edit(dir, "messages/de.yaml", (t) => t.replace(/ {2}subject: .*\n/, ""));
    expect(await problemsOf(dir)).toContainEqual(expect.stringMatching(/^content\/messages\/de\.yaml: contactForm\.subject: /));
  });

  it("gives each language's pages the frame's and the controls' words in that language, placeholders filled", async () => {
    const { modules, messages } = await readSiteContent();
    const { de, en } = modules.messages;
    expect(en!.labels.skipToContent).toBe("Skip to main content");
    expect(de!.labels.skipToContent).toBe("Zum Hauptinhalt springen");
    expect(de!.labels.footer.aboutHeading).toBe(`Über ${modules.site.shortName}`);
    expect(de!.carousel.slide).toBe("{n} von {count}");
    expect(de!.pictureWindow.close).toBe("Schließen");
    expect(de!.gallery.notFound).toBe("Keine Daten gefunden für {category} – {subcategory}.");
    expect(en!.gallery.notFound).toBe("No data found for {category} - {subcategory}.");
    expect(messages.de!.addToQuote.add).toBe("Zur Angebotsanfrage hinzufügen");
    // No module of its own any more: the words reach a page only as its root data.
    expect(Object.keys(modules)).not.toEqual(expect.arrayContaining(["labels"]));
    expect(Object.keys(modules).filter((name) => name.endsWith("Labels") && ["carousel", "gallery", "consent"].some((g) => name.startsWith(g)))).toEqual([]);
  });

  it("stops on a frame's word missing in one language, naming the file and the field", async () => {
    const dir = await copyOfContent();
    await edit(dir, "messages/de.yaml", (t) => t.replace(/ {4}quickView: .*\n/, ""));
    expect(await problemsOf(dir)).toContainEqual(expect.stringMatching(/^content\/messages\/de\.yaml: labels\.footer\.quickView: /));
  });

  it("gives each language's pages the menu and footer links in its words, the gallery families' names translated where they are (decision 0171), else as they are", async () => {
    const { modules } = await readSiteContent();
    const german = modules.messages.de!.navigation;
    expect(german.menu.map((item) => item.label)).toContain("FIRMA");
    const gallery = german.menu.find((item) => item.label === "PRODUKTE");
    // The fixture translates the Men family only.
    expect(gallery && "children" in gallery ? gallery.children.map((c) => c.label) : []).toEqual(
      modules.messages.en!.navigation.menu.flatMap((item) =>
        item.label === "PRODUCT GALLERY" && "children" in item ? item.children.map((c) => (c.label === "Men" ? "Herren" : c.label)) : [],
      ),
    );
    expect(german.quickView.map((l) => l.label)).toContain("F&E");
    expect(modules.messages.en!.navigation.menu[0]!.label).toBe("HOME");
  });

  it("says which words a page shows untranslated: the default language's content on another language's pages, the gallery families' names in its menu", async () => {
    const { modules } = await readSiteContent();
    const { de, en } = modules.messages;
    expect([de!.lang, de!.fallbackLang]).toEqual(["de", "en"]);
    expect([en!.lang, en!.fallbackLang]).toEqual(["en", null]);
    const gallery = de!.navigation.menu.find((item) => item.label === "PRODUKTE");
    const families = gallery && "children" in gallery ? gallery.children : [];
    expect(families.length).toBeGreaterThan(0);
    // A translated family's name is the page's language's; the others are English, marked.
    expect(families.map((f) => f.lang)).toEqual(families.map((f) => (f.label === "Herren" ? undefined : "en")));
    expect(de!.navigation.menu.find((item) => item.label === "FIRMA")?.lang).toBeUndefined();
    expect(en!.navigation.menu.flatMap((item) => [item, ...("children" in item ? item.children : [])]).filter((l) => l.lang)).toEqual([]);
  });

  it("stops on a menu label without its translation, naming the file and the label", async () => {
    const dir = await copyOfContent();
    await edit(dir, "messages/de.yaml", (t) => t.replace("  - english: QUALITY\n    label: QUALITÄT\n", ""));
    expect(await problemsOf(dir)).toContain('content/messages/de.yaml: menu: no label for "QUALITY" (Menu and footer links); add it in this language');
  });

  it("stops on a listed language without its words, and on words of a language not listed", async () => {
    const dir = await copyOfContent();
    await unlink(join(dir, "messages/de.yaml"));
    await writeFile(join(dir, "messages/it.yaml"), await readFile(join(dir, "messages/en.yaml"), "utf8"));
    const problems = await problemsOf(dir);
    expect(problems).toContainEqual(expect.stringMatching(/^content\/messages\/de\.yaml: file missing/));
    expect(problems).toContainEqual(expect.stringMatching(/^content\/messages\/it\.yaml: not a language of content\/locales\.yaml/));
  });

  it("keeps the specification's English words word for word in the default language only", async () => {
    const dir = await copyOfContent();
    await edit(dir, "messages/en.yaml", (t) => t.replace("  email: Email\n", "  email: E-mail address\n"));
    expect(await problemsOf(dir)).toContain('content/messages/en.yaml: contactForm.email: must be exactly "Email" (fixed by the specification)');
  });

  it("refuses a language listed twice", async () => {
    const dir = await copyOfContent();
    await edit(dir, "locales.yaml", (t) => `${t}  - code: de\n    name: Deutsch\n    dir: ltr\n    ogLocale: de_DE\n`);
    expect(await problemsOf(dir)).toContain('content/locales.yaml: locales: "de" is listed twice');
  });

  it("refuses a code that cannot be an address's first segment", async () => {
    const dir = await copyOfContent();
    await edit(dir, "locales.yaml", (t) => `${t}  - code: German\n    name: Deutsch\n    dir: ltr\n    ogLocale: de_DE\n`);
    expect(await problemsOf(dir)).toContainEqual(expect.stringMatching(/^content\/locales\.yaml: locales\.2\.code: Language code must be like de, fr or pt-br/));
  });
});

// The quote form's and the result pages' words in each other language (content/quote/<code>.yaml,
// content/form-results/<code>.yaml), decision 0166: interface words, whole in every language.
describe("the forms' words per language", () => {
  it("gives each language its quote form, problems and result pages, the links leading to its own pages; English word for word", async () => {
    const { quotes, quoteResults, formResults, quoteChoices } = await readContent();
    expect(quotes.en!.problems.email).toBe("Enter a business e-mail address, such as name@company.com.");
    expect(quotes.en!.sending).toBe("Sending...");
    expect(quotes.de!.quantityLabel).toBe("Menge (Stück)");
    expect(quotes.de!.problems.email).toBe("Geben Sie eine geschäftliche E-Mail-Adresse ein, etwa name@firma.de.");
    expect(quotes.de!.terms[0]!.text).toMatch(/^\d+ Stück pro Farbe und Produkt\.$/);
    expect(quoteResults.de!.sent.links.map((l) => l.to)).toEqual(["/de/gallery", "/de"]);
    expect(quoteResults.en!.sent.links.map((l) => l.to)).toEqual(["/gallery", "/"]);
    expect(formResults.de!.contact.sent.message).toBe("Ihre Nachricht wurde erfolgreich gesendet.");
    expect(formResults.en!.contact.sent.message).toBe("Message sent successfully!");
    expect(formResults.de!.career.sent.links.map((l) => l.to)).toEqual(["/de", "/de/career"]);
    expect(quoteChoices.de!.countries.find((c) => c.code === "DE")?.name).toBe("Deutschland");
    expect(quoteChoices.en!.countries.find((c) => c.code === "DE")?.name).toBe("Germany");
  });

  it("stops on a word missing in one language, naming the file and the field", async () => {
    const dir = await copyOfContent();
    await edit(dir, "quote/de.yaml", (t) => t.replace(/^ {2}email: .*\n/m, ""));
    await edit(dir, "form-results/de.yaml", (t) => t.replace(/^ {4}heading: Bewerbung gesendet\n/m, ""));
    const problems = await problemsOf(dir);
    expect(problems).toContainEqual(expect.stringMatching(/^content\/quote\/de\.yaml: problems\.email: /));
    expect(problems).toContainEqual(expect.stringMatching(/^content\/form-results\/de\.yaml: career\.sent\.heading: /));
  });

  it("stops on a language without its file, and on a file of no language", async () => {
    const dir = await copyOfContent();
    await rename(join(dir, "quote", "de.yaml"), join(dir, "quote", "fr.yaml"));
    const problems = await problemsOf(dir);
    expect(problems).toContainEqual(expect.stringMatching(/^content\/quote\/de\.yaml: file missing/));
    expect(problems).toContainEqual(expect.stringMatching(/^content\/quote\/fr\.yaml: not a language of content\/locales\.yaml read from this folder/));
  });
});

import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixtureContentDir } from "../../../fixtures/fixture-content";
import { fixtureContentCopies } from "../../../test-support/temp-dirs";
import { richTextToPlain } from "../rich-text";
import { ContentError, readSiteContent, type ContentModules } from "./site-content.server";

// Content per language (decision 0165): the fixture translates one FAQ question (moq) and the FAQ
// page's words into German; everything else falls back to the English entry, marked with its `lang`.

const { copy: copyOfContent } = fixtureContentCopies("translations-");

/** The problems the reader names once `file` of a copy of the fixture has `from` replaced by `to`. */
async function problemsAfterEdit(file: string, from: string, to: string): Promise<string[]> {
  const dir = await copyOfContent();
  const path = join(dir, file);
  await writeFile(path, (await readFile(path, "utf8")).replace(from, to));
  const error = await readSiteContent(dir).catch((err: unknown) => err);
  expect(error).toBeInstanceOf(ContentError);
  return (error as ContentError).problems;
}

describe("each language's FAQ and page words", () => {
  it("gives a German page the translated question with its own lang, and the English ones marked English", async () => {
    const { modules } = await readSiteContent(fixtureContentDir);
    const de = modules.faqs.de!;
    const moq = de.entries.find((e) => e.id === "moq")!;
    expect(moq.question).toBe("Wie hoch ist Ihre Mindestbestellmenge (MOQ)?");
    expect(richTextToPlain(moq.answer)).toMatch(/^Unsere Mindestbestellmenge beträgt \d+ Stück pro Farbe und Modell\.$/);
    expect(moq.lang).toBe("de");
    const leadTime = de.entries.find((e) => e.id === "lead-time")!;
    expect(leadTime.question).toBe("What is your lead time?");
    expect(leadTime.lang).toBe("en");
    // The FAQ page's heading and intro are not translated in the fixture: English, marked.
    expect(de.heading).toBe(modules.faq.heading);
    expect(de.lang).toBe("en");
    // The order and the video stay the English entry's.
    expect(de.entries.map((e) => e.id)).toEqual(modules.faq.entries.map((e) => e.id));
    expect(de.bannerVideo).toEqual(modules.faq.bannerVideo);
  });

  it("marks nothing on the default language's FAQ", async () => {
    const { modules } = await readSiteContent(fixtureContentDir);
    const en = modules.faqs.en!;
    expect(en.lang).toBeNull();
    expect(en.entries.every((e) => e.lang === null)).toBe(true);
    expect(en.entries.find((e) => e.id === "moq")!.question).toBe("What is your minimum order quantity (MOQ)?");
  });

  it("gives the German pages' words (title, search description) where a page is translated, the English ones marked elsewhere", async () => {
    const { modules } = await readSiteContent(fixtureContentDir);
    const de = modules.messages.de!.pages;
    expect(de.faq.title).toBe("Häufig gestellte Fragen");
    expect(de.faq.description).toMatch(/^Antworten für Einkäufer/);
    expect(de.faq.lang).toBe("de");
    expect(de.faq.bannerImage).toBe(modules.pages.faq.bannerImage);
    expect(de.contact.title).toBe(modules.pages.contact.title);
    expect(de.contact.lang).toBe("en");
    expect(modules.messages.en!.pages.faq.lang).toBeNull();
  });

  it("takes a translated FAQ page's heading and intro", async () => {
    const dir = await copyOfContent();
    await writeFile(join(dir, "faq/de.yaml"), "heading: Fragen und Antworten\nintro: Kurze Antworten auf die Fragen, die Einkäufer uns am häufigsten stellen.\n");
    const { modules } = await readSiteContent(dir);
    expect(modules.faqs.de).toMatchObject({ heading: "Fragen und Antworten", lang: "de" });
  });

  it("shows no translation whose English question was deleted, and builds", async () => {
    const dir = await copyOfContent();
    await writeFile(join(dir, "faq/de/no-such-question.mdoc"), "---\nquestion: Gibt es diese Frage?\n---\nNein.\n");
    const { modules } = await readSiteContent(dir);
    expect(modules.faqs.de!.entries.map((entry) => entry.question)).not.toContain("Gibt es diese Frage?");
    expect(modules.faqs.de!.entries).toHaveLength(modules.faqs.en!.entries.length);
  });

  it("refuses a page translation with no page of its id, naming the file", async () => {
    const dir = await copyOfContent();
    await writeFile(join(dir, "pages/de/no-such-page.yaml"), "title: Keine\nheading: Keine\nbreadcrumb: Keine\ndescription: Eine Seite, die es auf Englisch nicht gibt, und ihre Beschreibung.\n");
    const error = await readSiteContent(dir).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(ContentError);
    expect((error as ContentError).problems).toContain("content/pages/de/no-such-page.yaml: no English page of this id (content/pages/no-such-page.yaml)");
  });
});

/**
 * The fixture's entries of a type in German, in the English entries' order (checked), with the
 * entry `slug` in English and in German (decision 0168).
 */
async function inGerman<E extends { slug: string }, S extends E>(pick: (modules: ContentModules) => [readonly E[], Record<string, S[]>], slug: string) {
  const { modules } = await readSiteContent(fixtureContentDir);
  const [entries, perLanguage] = pick(modules);
  const de = perLanguage.de!;
  expect(de.map((entry) => entry.slug)).toEqual(entries.map((entry) => entry.slug));
  return { modules, de, english: entries.find((entry) => entry.slug === slug)!, german: de.find((entry) => entry.slug === slug)! };
}

// Decision 0168: the job openings and the privacy notice per language. The fixture translates the
// knitwear merchandiser job and the privacy notice into German.
describe("each language's jobs and privacy notice", () => {
  it("gives a German page the translated job's words with its own lang, its facts the English entry's, and the untranslated job English, marked", async () => {
    const { modules, english, german: merchandiser, de } = await inGerman((m) => [m.jobs, m.localizedJobs], "knitwear-merchandiser");
    expect(merchandiser).toMatchObject({ title: "Merchandiser Strickwaren", lang: "de" });
    expect(merchandiser.location).toEqual({ ...english.location, country: "Bangladesch", text: "Dhaka, Bangladesch" });
    // Placeholders filled as in the English description.
    expect(richTextToPlain(merchandiser.description)).toMatch(/^Sie betreuen die Strickwarenaufträge[\s\S]*Wir bieten eine \d+-Tage-Woche/);
    for (const fact of ["path", "applyPath", "datePosted", "validThrough", "employmentType", "salary", "summary"] as const) expect(merchandiser[fact]).toEqual(english[fact]);
    const patternMaker = de.find((job) => job.slug === "pattern-maker")!;
    expect(patternMaker).toMatchObject({ title: "Pattern Maker", lang: "en" });
    expect(modules.localizedJobs.en!.every((job) => job.lang === null)).toBe(true);
  });

  it("shows no job translation whose English job is gone, and builds", async () => {
    const dir = await copyOfContent();
    await writeFile(join(dir, "jobs/de/no-such-job.mdoc"), "---\ntitle: Keine Stelle\ndepartment: Keine\nlocation:\n  country: Bangladesch\n---\nGibt es nicht.\n");
    const { modules } = await readSiteContent(dir);
    expect(modules.localizedJobs.de!.map((job) => job.title)).not.toContain("Keine Stelle");
  });

  it("gives a German page the translated privacy notice with the German forms' labels and a German date, the English one unmarked on English pages", async () => {
    const { modules } = await readSiteContent(fixtureContentDir);
    const de = modules.privacies.de!;
    expect(de).toMatchObject({ lang: "de", formsHeading: "Unsere Formulare", updatedLine: "Stand: 1. Oktober 2026" });
    expect(de.forms.find((form) => form.form === "contact")!.fields).toEqual(["Name", "E-Mail", "Betreff", "Nachricht"]);
    expect(de.forms.find((form) => form.form === "career")!.kept).toEqual([expect.stringMatching(/^\d+ Tage, danach automatisch gelöscht\.$/)]);
    // The quote form's labels are content/quote.yaml's, not translated here: marked English.
    expect(de.quoteFieldsLang).toBe("en");
    expect(modules.privacies.en).toMatchObject({ lang: null, quoteFieldsLang: null, formsHeading: modules.privacy.formsHeading });
  });

  it("falls back to the English notice, marked English, where the notice is not translated", async () => {
    const dir = await copyOfContent();
    await rm(join(dir, "privacy"), { recursive: true });
    const { modules } = await readSiteContent(dir);
    expect(modules.privacies.de).toMatchObject({ lang: "en", quoteFieldsLang: null, formsHeading: modules.privacy.formsHeading, updatedLine: modules.privacy.updatedLine });
  });

  it("refuses a translated notice whose retention text lost {days}, naming the file and field", async () => {
    const problems = await problemsAfterEdit("privacy/de.yaml", '"{days} Tage, danach automatisch gelöscht."', "Einige Tage.");
    expect(problems).toContainEqual(expect.stringMatching(/^content\/privacy\/de\.yaml: career\.kept: /));
  });
});

// Decision 0168: the certificate records' words per language; the fixture translates the GOTS record into German.
describe("each language's certificate records", () => {
  it("gives a German page the translated record's holder and scope with its own lang, its facts the English record's, the others English, marked", async () => {
    const { modules, english, german: gots, de } = await inGerman((m) => [m.certificateRecords, m.localizedCertificateRecords], "gots-knit-partner");
    expect(gots).toMatchObject({
      holder: "Fixture-Strickpartner, Gazipur",
      scope: "Stricken, Färben und Konfektion von Jersey aus Bio-Baumwolle.",
      lang: "de",
      scopeLang: "de",
    });
    for (const fact of ["number", "issuedBy", "validFrom", "validUntil", "verify", "file", "path"] as const) expect(gots[fact]).toEqual(english[fact]);
    expect(de.find((r) => r.slug === "oeko-tex-standard-100")).toMatchObject({ holder: "Fixture Dyeing Mill, Narayanganj", lang: "en", scopeLang: "en" });
    expect(modules.localizedCertificateRecords.en!.every((r) => r.lang === null && r.scopeLang === null)).toBe(true);
  });

  it("keeps the English scope, marked English, where a translation leaves it empty", async () => {
    const dir = await copyOfContent();
    await writeFile(join(dir, "certificate-records/de/gots-knit-partner.yaml"), "name: GOTS\nholder: Fixture-Strickpartner, Gazipur\nscope: ''\n");
    const { modules } = await readSiteContent(dir);
    const english = modules.certificateRecords.find((r) => r.slug === "gots-knit-partner")!;
    expect(modules.localizedCertificateRecords.de!.find((r) => r.slug === "gots-knit-partner")).toMatchObject({
      name: "GOTS",
      lang: "de",
      scope: english.scope,
      scopeLang: "en",
    });
  });
});


// Decision 0169: the home page's sections per language; the fixture translates the hero into German.
describe("each language's home page sections", () => {
  it("gives a German page the translated hero's words with its own lang, its video, links and certificates the English file's, the other sections English, marked", async () => {
    const { modules } = await readSiteContent(fixtureContentDir);
    const [en, de] = [modules.homeSections.en!, modules.homeSections.de!];
    expect(de.hero).toMatchObject({
      lead: `Händler, Exporteur, Importeur und Hersteller von Textil- und Nicht-Textilwaren, seit ${modules.site.foundedYear} von Dhaka in die ganze Welt.`,
      cta: { label: "Kontakt aufnehmen", to: en.hero.cta.to },
      secondaryCta: { label: "Zum Katalog", to: en.hero.secondaryCta.to },
      pausePlay: { pause: "Hintergrundvideo und Zertifikate anhalten" },
      lang: "de",
    });
    expect(de.hero.video).toEqual(en.hero.video);
    expect(de.hero.certificates).toEqual(en.hero.certificates);
    expect(de.trustedPartner).toEqual({ ...en.trustedPartner, lang: "en" });
    expect(de.concept).toEqual({ ...en.concept, lang: "en" });
    const { lists: _lists, ...sections } = en;
    expect(Object.values(sections).every((section) => section.lang === null)).toBe(true);
    expect(en.hero.lead).not.toContain("{site.");
  });

  it("takes a translated list's words by place, numbers Our Concept's, and keeps the English items a translation lacks", async () => {
    const dir = await copyOfContent();
    await writeFile(
      join(dir, "home/de/trusted-partner.yaml"),
      "heading: Ihr zuverlässiger Partner\nparagraphs:\n  - '{site.name} ist ein reines Exportunternehmen.'\nfacts:\n  - value: 'Seit {site.foundedYear}'\n    label: im Exportgeschäft\n",
    );
    const concept = (await readFile(join(dir, "home/concept.yaml"), "utf8")).replace("title: ETHICS", "title: ETHIK").replace("heading: Our Concept", "heading: Unser Konzept");
    await writeFile(join(dir, "home/de/concept.yaml"), concept);
    const { modules } = await readSiteContent(dir);
    const [en, de] = [modules.homeSections.en!, modules.homeSections.de!];
    expect(de.trustedPartner.heading).toBe("Ihr zuverlässiger Partner");
    expect(de.trustedPartner.paragraphs).toEqual([`${modules.site.name} ist ein reines Exportunternehmen.`, en.trustedPartner.paragraphs[1]]);
    expect(de.trustedPartner.facts[0]).toEqual({ value: `Seit ${modules.site.foundedYear}`, label: "im Exportgeschäft" });
    expect(de.trustedPartner.facts.slice(1)).toEqual(en.trustedPartner.facts.slice(1));
    expect(de.concept).toMatchObject({ heading: "Unser Konzept", lang: "de" });
    expect(de.concept.values[0]).toEqual({ ...en.concept.values[0], title: "ETHIK" });
    expect(de.concept.values.map((v) => v.number)).toEqual(en.concept.values.map((v) => v.number));
  });
});

// Decision 0169: the company pages' words per language; the fixture translates the mission page into German.
describe("each language's mission page", () => {
  it("gives a German page the translated mission, vision and values with its own lang, the placeholders filled; nothing marked in English", async () => {
    const { modules } = await readSiteContent(fixtureContentDir);
    const de = modules.missions.de!;
    expect(de).toMatchObject({ mission: { heading: "Unsere Mission" }, values: { heading: "Unsere Werte" }, lang: "de" });
    expect(de.vision.heading).toBe(`Unsere Vision für ${modules.site.sustainabilityVisionYear}`);
    expect(de.values.items.map((v) => v.name)).toEqual(["Ethik", "Qualität", "Schnelligkeit", "Partnerschaft", "Verantwortung"]);
    expect(modules.missions.en).toEqual({ ...modules.mission, lang: null });
  });

  it("shows the English mission, marked English, where a language has none", async () => {
    const dir = await copyOfContent();
    await rm(join(dir, "company/de/mission.yaml"));
    const { modules } = await readSiteContent(dir);
    expect(modules.missions.de).toEqual({ ...modules.mission, lang: "en" });
  });
});

// Decision 0169: the site's words (its tagline) per language, with the pages' words in the root's data; its facts stay English.
describe("each language's site words", () => {
  it("gives a German page the translated tagline with its own lang, the English one unmarked on English pages", async () => {
    const { modules } = await readSiteContent(fixtureContentDir);
    expect(modules.messages.de!.site).toMatchObject({ tagline: "Zu 100 % export\u00ADorientiertes Unternehmen", lang: "de" });
    expect(modules.messages.en!.site).toMatchObject({ tagline: modules.site.tagline, lang: null });
    expect(modules.site.tagline).toBe("100% Export Oriented Company");
  });

  it("shows the English tagline, marked English, where a language has none", async () => {
    const dir = await copyOfContent();
    await rm(join(dir, "site/de.yaml"));
    const { modules } = await readSiteContent(dir);
    expect(modules.messages.de!.site).toEqual({
      tagline: modules.site.tagline,
      lang: "en",
      // No facts in words either: the offices' countries English, marked (decision 0181).
      officeCountries: [
        { country: "Bangladesh", lang: "en" },
        { country: "USA", lang: "en" },
      ],
    });
  });
});

// Decision 0176: Company facts in words per language (content/site/<code>.yaml, each list by place,
// shown whole or in English, marked), the placeholders of a translation filled with them, and the
// PDCA steps' and goal cards' names as content.
describe("each language's Company facts and the PDCA and goal cards' names", () => {
  it("gives a German page the German facts: the about and services pages' lists, the placeholders of its texts", async () => {
    const { modules } = await readSiteContent(fixtureContentDir);
    const de = modules.companyPages.de!;
    const families = ["Textilien (Webware, Jersey, Flachstrick 3GG bis 14GG, Rundstrick, Oberbekleidung)", "Schuhe", "Kunsthandwerk"];
    expect(de.services.products).toMatchObject({ items: expect.arrayContaining(families), itemsLang: "de" });
    expect(de.services.products.items).toHaveLength(modules.site.productFamilies.length);
    const withList = de.about.sections.filter((s) => s.items);
    // The product families German; the standards' names are names, the same in every language, unmarked.
    expect(withList.map((s) => s.itemsLang)).toEqual(["de", null]);
    expect(withList[0]!.items!.slice(0, 3)).toEqual(families);
    expect(withList[1]!.items).toEqual(modules.site.certificates);
    // {site.factoryCountries|comma}, {site.headOffice.country}, {site.factoryCountries} in German.
    const facts = Object.fromEntries(de.about.facts.map((f) => [f.label, f.value]));
    expect(facts).toMatchObject({ Hauptsitz: `${modules.site.headOffice.city}, Bangladesch`, "Fabriken und Stoffbeschaffung": "Indien, Pakistan, China", Büros: "Bangladesch, USA" });
    expect(richTextToPlain(de.about.intro)).toContain("Stoffbeschaffung in Indien, Pakistan und China arbeiten");
    // A year stays as it is.
    expect(facts["Am Markt seit"]).toBe(String(modules.site.foundedYear));
    // The offices' countries, in the offices' order, from the German office countries (decision 0181).
    expect(modules.messages.de!.site.officeCountries).toEqual([
      { country: "Bangladesch", lang: "de" },
      { country: "USA", lang: "de" },
    ]);
  });

  it("gives the English pages the English facts and names, unmarked", async () => {
    const { modules } = await readSiteContent(fixtureContentDir);
    const en = modules.companyPages.en!;
    expect(en.services.products).toMatchObject({ items: modules.site.productFamilies, itemsLang: null });
    expect(en.about.sections.filter((s) => s.items).map((s) => [s.items, s.itemsLang])).toEqual([
      [modules.site.productFamilies, null],
      [modules.site.certificates, null],
    ]);
    expect(Object.fromEntries(en.about.facts.map((f) => [f.label, f.value]))).toMatchObject({ "Factories and fabric sourcing": "India, Pakistan and China" });
    expect(en.compliance.cycle.steps.map((s) => s.name)).toEqual(["Plan", "Do", "Check", "Act"]);
    expect(en.goals.values.cards.map((c) => c.name)).toEqual(["Team Work", "Success", "Creative", "Express Goals Positively"]);
    expect(modules.messages.en!.site.officeCountries).toEqual([
      { country: "Bangladesh", lang: null },
      { country: "USA", lang: null },
    ]);
  });

  it("shows a list the translation lacks a place of in English, marked English, and the others German", async () => {
    const dir = await copyOfContent();
    // A product family and an office country added in English since the German facts were written.
    const english = join(dir, "site.yaml");
    await writeFile(
      english,
      (await readFile(english, "utf8")).replace("productFamilies:\n", "productFamilies:\n  - Umbrellas\n").replace("officeCountries:\n", "officeCountries:\n  - India\n"),
    );
    const { modules } = await readSiteContent(dir);
    const de = modules.companyPages.de!;
    expect(de.services.products).toMatchObject({ items: modules.site.productFamilies, itemsLang: "en" });
    expect(de.services.products.items[0]).toBe("Umbrellas");
    expect(de.about.sections.find((s) => s.items && s.itemsLang !== null)).toMatchObject({ items: modules.site.productFamilies, itemsLang: "en" });
    expect(Object.fromEntries(de.about.facts.map((f) => [f.label, f.value]))).toMatchObject({ "Fabriken und Stoffbeschaffung": "Indien, Pakistan, China" });
    // The offices' countries with their list (decision 0181): English, marked.
    expect(modules.messages.de!.site.officeCountries).toEqual([
      { country: "Bangladesh", lang: "en" },
      { country: "USA", lang: "en" },
    ]);
  });

  it("refuses an office whose country is not one of Company facts' office countries, or whose address does not end with it (decision 0181)", async () => {
    const notListed = await problemsAfterEdit("offices/usa.yaml", "country: USA\n", "country: United States\n");
    expect(notListed.join("\n")).toMatch(/content\/offices\/usa\.yaml: country: "United States" must be one of Company facts' office countries/);
    const noCountry = await problemsAfterEdit("offices/usa.yaml", "NY 10001, USA", "NY 10001");
    expect(noCountry).toEqual([expect.stringMatching(/^content\/offices\/usa\.yaml: address: must end with the office's country/)]);
  });

  it("fills a German text's English facts, joined the German way, where the language has no facts in words", async () => {
    const dir = await copyOfContent();
    await writeFile(join(dir, "site/de.yaml"), "tagline: Zu 100 % exportorientiertes Unternehmen\n");
    const { modules } = await readSiteContent(dir);
    const de = modules.companyPages.de!;
    expect(de.services.products).toMatchObject({ items: modules.site.productFamilies, itemsLang: "en" });
    expect(Object.fromEntries(de.about.facts.map((f) => [f.label, f.value]))).toMatchObject({ Hauptsitz: `${modules.site.headOffice.city}, Bangladesh` });
    expect(richTextToPlain(de.about.intro)).toContain("Stoffbeschaffung in India, Pakistan und China arbeiten");
  });

  it("shows the English steps' and cards' names, marked with their page, where a language has no translation of the page", async () => {
    const dir = await copyOfContent();
    await rm(join(dir, "company/de/compliance.yaml"));
    await rm(join(dir, "company/de/goals.yaml"));
    const { modules } = await readSiteContent(dir);
    const de = modules.companyPages.de!;
    expect(de.compliance).toMatchObject({ lang: "en" });
    expect(de.compliance.cycle.steps.map((s) => [s.key, s.name])).toEqual([
      ["plan", "Plan"],
      ["do", "Do"],
      ["check", "Check"],
      ["act", "Act"],
    ]);
    expect(de.goals).toMatchObject({ lang: "en" });
    expect(de.goals.values.cards.map((c) => c.name)).toEqual(["Team Work", "Success", "Creative", "Express Goals Positively"]);
  });

  it("refuses an English file whose steps' names are not the specification's", async () => {
    const problems = await problemsAfterEdit("company/compliance.yaml", "    plan: Plan\n", "    plan: Planning\n");
    expect(problems.join("\n")).toMatch(/content\/company\/compliance\.yaml: cycle\.names\.plan: .*"Plan"/);
  });
});

// Decision 0170: the other company pages per language; the fixture translates each of them into German.
describe("each language's company pages", () => {
  it("gives a German page each company page's translated words with its own lang, its facts and media the English page's", async () => {
    const { modules } = await readSiteContent(fixtureContentDir);
    const de = modules.companyPages.de!;
    expect(de.about).toMatchObject({ introHeading: "Wer wir sind", teamHeading: "Unser Team", lang: "de" });
    expect(richTextToPlain(de.about.intro)).toMatch(new RegExp(`^${modules.site.name} ist ein zu 100 % exportorientiertes`));
    expect(de.about.facts[0]).toEqual({ label: "Am Markt seit", value: String(modules.site.foundedYear) });
    // The picture stays the English page's; the lists Company facts fills in are the German facts' (decision 0176).
    expect(de.about.image).toEqual({ ...modules.about.image, alt: expect.stringMatching(/^Karte unseres Netzwerks/) });
    expect(de.mdMessage).toMatchObject({ heading: "Grußwort des Geschäftsführers", name: modules.mdMessage.name, portrait: modules.mdMessage.portrait, lang: "de" });
    expect(de.mdMessage.portraitAlt).toBe(`Porträt von ${modules.mdMessage.name}`);
    expect(de.compliance.cycle.steps.map((s) => s.name)).toEqual(["Planen", "Durchführen", "Prüfen", "Handeln"]);
    expect(de.compliance.checklists.lists[1]!.items[0]).toBe("Gebäude- und Statikzertifikate");
    expect(de.goals.values.cards.map((c) => c.name)).toEqual(["Teamarbeit", "Erfolg", "Kreativität", "Ziele positiv formulieren"]);
    expect(de.organization.root).toMatchObject({ id: "managing-director", title: "Geschäftsführer", children: [{ id: "dgm", title: "Stellvertretender Generaldirektor (DGM)" }, { id: "finance" }] });
    expect(de.services.payment.modes).toEqual([
      { code: "TT", name: "Telegrafische Überweisung" },
      { code: "L/C", name: "Akkreditiv" },
      { code: "DAP", name: "Geliefert benannter Ort" },
    ]);
    expect(de.services.video).toEqual({ ...modules.services.video, heading: "So arbeiten wir", caption: expect.stringMatching(/^Vom Stoff/), label: expect.stringMatching(/^Video: /) });
    expect(de.services.offered.items[0]!.title).toBe("Produktbeschaffung");
    expect(de.quality.inspection.companies).toEqual(modules.quality.inspection.companies);
    expect(de.quality.inspection.heading).toBe("Prüfung nach AQL");
    expect(de.strengthPage).toMatchObject({ heading: "Neun Gründe, warum Einkäufer mit uns arbeiten", lang: "de" });
  });

  it("gives the default language's pages the English ones unmarked", async () => {
    const { modules } = await readSiteContent(fixtureContentDir);
    const en = modules.companyPages.en!;
    for (const key of ["compliance", "goals", "organization", "services", "quality"] as const) expect(en[key]).toEqual({ ...modules[key], lang: null });
    expect(en.about).toEqual({ ...modules.about, team: modules.team.map((m) => ({ ...m, lang: null })), lang: null });
    expect(en.mdMessage).toEqual({ ...modules.mdMessage, roleLang: null, lang: null });
    expect(en.strengthPage).toEqual({ ...modules.strengthPage, strengths: modules.strengths.map((s) => ({ ...s, lang: null })), lang: null });
  });

  it("shows a page's English words, marked English, where a language has no translation of it, and the English items beyond a shorter list", async () => {
    const dir = await copyOfContent();
    await rm(join(dir, "company/de/md-message.mdoc"));
    const goals = join(dir, "company/de/goals.yaml");
    await writeFile(goals, (await readFile(goals, "utf8")).replace(/ {4}- title: Breiteres Sortiment[\s\S]*?(?=values:)/, ""));
    const { modules } = await readSiteContent(dir);
    const de = modules.companyPages.de!;
    expect(de.mdMessage).toEqual({ ...modules.mdMessage, role: "Geschäftsführerin", roleLang: "de", lang: "en" });
    expect(de.goals.objectives.items.map((o) => o.title)).toEqual([
      "Mit unseren Einkäufern wachsen",
      "Pünktlich, jedes Mal",
      "Beim ersten Mal richtig",
      ...modules.goals.objectives.items.slice(3).map((o) => o.title),
    ]);
  });

  it("names the translation's file when its Markdoc body shows what the site does not", async () => {
    const dir = await copyOfContent();
    const about = join(dir, "company/de/about.mdoc");
    await writeFile(about, `${await readFile(about, "utf8")}\n# Eine Überschrift\n`);
    await expect(readSiteContent(dir)).rejects.toThrow(/content\/company\/de\/about\.mdoc: /);
  });
});

// Decision 0170: the lists the home and company pages share; the fixture translates one entry of each into German.
describe("each language's shared lists", () => {
  it("gives a German page each translated entry's words with its own lang, the others English, marked; names, pictures and numbers the English entry's", async () => {
    const { modules } = await readSiteContent(fixtureContentDir);
    const de = modules.homeSections.de!.lists;
    expect(de.strengths[0]).toEqual({ ...modules.strengths[0], name: "Langjährige Erfahrung", description: expect.stringMatching(/^Unsere Gründer/), lang: "de" });
    expect(de.strengths.slice(1)).toEqual(modules.strengths.slice(1).map((s) => ({ ...s, lang: "en" })));
    const md = modules.team.findIndex((m) => m.role === "Managing Director");
    expect(de.team[md]).toEqual({ ...modules.team[md], role: "Geschäftsführerin", text: expect.stringMatching(/^Wir gewinnen/), lang: "de" });
    expect(de.valueCards.find((v) => v.id === "continuous-improvement")).toMatchObject({ title: "Kontinuierliche Verbesserung", lang: "de" });
    expect(de.certificateCards.find((c) => c.id === "responsible-forestry")).toMatchObject({ label: "Zertifizierte verantwortungsvolle Forstwirtschaft", lang: "de" });
    expect(de.categoryShares.map((s) => [s.label, s.percentage, s.lang])).toEqual(
      modules.categoryShares.map((s) => [s.label === "Footwear" ? "Schuhe" : s.label, s.percentage, s.label === "Footwear" ? "de" : "en"]),
    );
    expect(modules.companyPages.de!.strengthPage.strengths).toEqual(de.strengths);
    expect(modules.companyPages.de!.about.team).toEqual(de.team);
  });

  it("marks nothing in English", async () => {
    const { modules } = await readSiteContent(fixtureContentDir);
    const en = modules.homeSections.en!.lists;
    expect(Object.values(en).flat().every((entry) => entry.lang === null)).toBe(true);
    expect(en.strengths.map(({ lang: _lang, ...s }) => s)).toEqual(modules.strengths);
  });

  it("keeps an empty English quote empty, and leaves out a translation whose English entry is gone", async () => {
    const dir = await copyOfContent();
    await writeFile(join(dir, "team/de/no-such-member.yaml"), "role: Niemand\ntext: Weg.\n");
    const english = join(dir, "team/amina-rahman.yaml");
    await writeFile(english, (await readFile(english, "utf8")).replace(/^text: .*$/m, "text: ''"));
    const { modules } = await readSiteContent(dir);
    const de = modules.homeSections.de!.lists.team;
    expect(de.find((m) => m.name === "Amina Rahman")).toMatchObject({ role: "Geschäftsführerin", text: "", lang: "de" });
    expect(de).toHaveLength(modules.team.length);
  });
});

// Decision 0171: the gallery's families and products, the fixture's Men and its T-Shirt in German.
describe("each language's gallery", () => {
  const productIn = (content: Awaited<ReturnType<typeof readSiteContent>>, code: string, family: string, item: string) =>
    content.galleries[code]!.families.find((f) => f.slug === family)!.items.find((i) => i.slug === item)!;

  it("gives a German page the translated family and product words with their own lang, their photos, codes, measures and terms the English entry's", async () => {
    const content = await readSiteContent(fixtureContentDir);
    const men = content.galleries.de!.families.find((f) => f.slug === "men")!;
    expect(men).toMatchObject({ label: "Herren", lang: "de", order: 1 });
    const tee = productIn(content, "de", "men", "tshirt");
    const english = productIn(content, "en", "men", "tshirt");
    expect(tee.lang).toBe("de");
    expect(tee.photos.map((p) => [p.title, p.colourway])).toEqual([
      ["Rundhals-T-Shirt", "Fixture-Marineblau"],
      ["T-Shirt mit V-Ausschnitt", "Fixture-Ecru"],
      ["T-Shirt mit Brusttasche", ""],
    ]);
    expect(tee.photos.map((p) => p.image)).toEqual(english.photos.map((p) => p.image));
    expect(tee.specs).toMatchObject({
      description: "Ein Fixture-T-Shirt aus Bio-Baumwoll-Jersey, gefertigt für Handelsprogramme.",
      compositions: ["100 % Bio-Baumwolle", "CVC 60/40"],
      colourways: ["Fixture-Marineblau", "Fixture-Ecru"],
      samples: "Fixture-Muster in 7 Tagen.",
      construction: english.specs.construction,
      cottonTypes: english.specs.cottonTypes,
      fabricWeight: english.specs.fabricWeight,
      terms: english.specs.terms,
      certificates: english.specs.certificates,
    });
    // The others English, marked English; nothing marked on English pages.
    expect(productIn(content, "de", "men", "hoodie")).toMatchObject({ label: productIn(content, "en", "men", "hoodie").label, lang: "en" });
    expect(content.galleries.de!.families.find((f) => f.slug === "women")).toMatchObject({ label: "Women", lang: "en" });
    expect(english.lang).toBeNull();
    expect(content.galleries.en!.families.every((f) => f.lang === null)).toBe(true);
    // The menu names the translated family in German, the others English, marked.
    const gallery = content.modules.messages.de!.navigation.menu.find((m) => "children" in m && m.children.some((c) => c.to === "/gallery/men"));
    const children = gallery && "children" in gallery ? gallery.children : [];
    expect(children.find((c) => c.to === "/gallery/men")).toMatchObject({ label: "Herren" });
    expect(children.find((c) => c.to === "/gallery/men")).not.toHaveProperty("lang");
    expect(children.find((c) => c.to === "/gallery/women")).toMatchObject({ label: "Women", lang: "en" });
  });

  // Decision 0180: the catalogue's words are a translated singleton like any other (singletonPerLanguage).
  it("gives each language's gallery the catalogue's words: the translation's over the English file, what is not translated English", async () => {
    const content = await readSiteContent(fixtureContentDir);
    const de = content.galleries.de!;
    expect(de.wordsLang).toBe("de");
    expect(de.words.specs).toMatchObject({ heading: "Spezifikationen", moq: "Mindestbestellmenge", moqValue: "{pieces} Stück pro Farbe" });
    expect(de.words.constructions).not.toEqual(content.catalogue.constructions);
    // The line sheets' words are translated (decision 0175); the card's certificate link is not: the English file's.
    expect(de.words.lineSheets).toMatchObject({ contact: "Kontakt", productLink: "Fotos und Details" });
    expect(de.words.certificates.cardLink).toBe(content.catalogue.certificates.cardLink);
    expect(de.words).not.toHaveProperty("lang");
    expect(content.galleries.en).toMatchObject({ words: content.catalogue, wordsLang: null });
  });

  it("gives a language without the catalogue's translation the English words, marked English", async () => {
    const dir = await copyOfContent();
    await rm(join(dir, "gallery/catalogue/de.yaml"));
    const content = await readSiteContent(dir);
    expect(content.galleries.de).toMatchObject({ words: content.catalogue, wordsLang: "en" });
  });

  // Decision 0180: the quote form's <optgroup> is read in the page's language or its family's, an <option> in its group's.
  it("gives the quote form's families and products a lang only where it is not the language around them", async () => {
    const dir = await copyOfContent();
    // The Men family without its German name: its group English, its translated T-Shirt German in it.
    await rm(join(dir, "gallery/de/families/men.yaml"));
    const choices = (await readSiteContent(dir)).modules.quoteChoices;
    const men = choices.de!.productGroups.find((g) => g.label === "Men")!;
    expect(men).toMatchObject({ lang: "en" });
    expect(men.products.map((p) => [p.ref, p.label, "lang" in p ? p.lang : undefined])).toEqual([
      ["men/tshirt", "T-Shirt", "de"],
      ["men/hoodie", "Hoodie", undefined],
      ["men/footware", expect.any(String), undefined],
    ]);
    expect(JSON.stringify(choices.en!.productGroups)).not.toContain('"lang"');
  });

  it("shows the English product, marked English, where its translation lacks a word the English product has, and builds", async () => {
    const dir = await copyOfContent();
    const file = join(dir, "gallery/de/items/men/tshirt.yaml");
    await writeFile(file, (await readFile(file, "utf8")).replace(/ {2}- title: T-Shirt mit Brusttasche\n {4}colourway: ''\n/, ""));
    await writeFile(join(dir, "gallery/de/items/men/gone.yaml"), "label: Verschwunden\nphotos: []\nspecs:\n  description: ''\n  material: ''\n  compositions: []\n  sizes: ''\n  samples: ''\n");
    const content = await readSiteContent(dir);
    expect(productIn(content, "de", "men", "tshirt")).toMatchObject({ label: "T-Shirt", lang: "en" });
    expect(productIn(content, "de", "men", "tshirt").photos[0]!.title).toBe("Crew Neck Tee");
    expect(content.galleries.de!.families.find((f) => f.slug === "men")!.items.some((i) => i.slug === "gone")).toBe(false);
  });
});

// Decision 0174: the static gallery pages' cards' titles, every one German in the fixture.
describe("each language's showcase pages", () => {
  it("gives a German page each card's translated title with its own lang, its picture and the page's video the English file's; nothing marked in English", async () => {
    const { modules } = await readSiteContent(fixtureContentDir);
    const [de, en] = [modules.galleryShowcases.de!, modules.galleryShowcases.en!];
    expect(de.homeTextile.cards.map((c) => [c.title, c.lang])).toEqual([
      ["Produktname", "de"],
      ["Produktname", "de"],
      ["Produktname", "de"],
    ]);
    expect(de.homeTextile.cards.map((c) => c.image)).toEqual(en.homeTextile.cards.map((c) => c.image));
    expect(de.homeTextile.video).toBe(en.homeTextile.video);
    expect(en.homeTextile.cards.map((c) => [c.title, c.lang])).toEqual(Array.from({ length: 3 }, () => ["Name of the product", null]));
  });

  it("shows a card's English title, marked English, where the translation has none in its place, and builds", async () => {
    const dir = await copyOfContent();
    const file = join(dir, "gallery/de/showcases.yaml");
    // The last page's third card left out: two titles, in the first two places.
    await writeFile(file, (await readFile(file, "utf8")).replace(/ {4}- title: Produktname\n$/, ""));
    const { modules } = await readSiteContent(dir);
    expect(modules.galleryShowcases.de!.nonTextile.cards.map((c) => [c.title, c.lang])).toEqual([
      ["Produktname", "de"],
      ["Produktname", "de"],
      ["Name of the product", "en"],
    ]);
  });
});

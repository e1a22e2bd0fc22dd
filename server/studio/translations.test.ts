import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Window } from "happy-dom";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, beforeEach, describe, expect } from "vitest";
import { fixtureContentDir } from "../../fixtures/fixture-content";
import { drivers, onBothDrivers, aboveTheStore, openTestDatabase } from "../../test-support/databases";
import { tableByCaption } from "../../test-support/html-tables";
import {
  companyProfileShown,
  faqEntryShown,
  galleryFamilyShown,
  galleryItemShown,
  homeConceptShown,
  jobShown,
  officeCountriesShown,
  organizationShown,
  productFamiliesShown,
  showcaseTitlesShown,
} from "../../test-support/site-faq";
import { addTestAccount, startStaffServer, type TestBrowser } from "../../test-support/staff";
import type { LeadsDatabase } from "../db/db";
import { truncateStaff } from "../staff/auth";
import { listRevisions } from "../leads/content-history";
import { truncateAll } from "../db/db";
import { studioConfig } from "./studio-config";
import { gitBlobSha } from "./content-saves";
import { seenVersionsHeader } from "../../app/lib/contracts/publish-state";
import { quotationWordsIn } from "../../app/lib/contracts/server-settings";
import { fromBuildOf, quotationSettingsOf } from "../../test-support/quotation-content";
import { typedQuoteLead } from "../../test-support/leads";
import { composeQuoteAcknowledgement } from "../mail/quote-mails";
import { replyTemplatesFrom } from "../staff/reply-templates";

/** A German buyer's acknowledgement as the server writes it from the build of `contentDir` (decision 0164): its text. */
async function germanAcknowledgement(contentDir: string): Promise<string> {
  const settings = await quotationSettingsOf(contentDir);
  const lead = { ...typedQuoteLead, reference: "Q-2026-00042", locale: "de" };
  const eml = await composeQuoteAcknowledgement(
    lead,
    { from: "website@ssl.example", to: "sales@ssl.example" },
    new Date(),
    undefined,
    quotationWordsIn(settings, "de"),
  );
  return (await simpleParser(eml)).text ?? "";
}

// Decision 0165: the desk's Translations page lists, per language, the entries missing and out of
// date (their English source saved after the translation, from the content history); the XLIFF 2.0
// export of those texts, edited as an agency would, imported back through the studio's saves,
// changes the German FAQ the site's reader gives. The export is read and edited with a second,
// independent XML parser (happy-dom's DOMParser and XMLSerializer), not the library that wrote it. The fixture translates the MOQ
// question into German and nothing else of the FAQ.

/** A page's text without its tags, blanks collapsed. */
const visible = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/\s+/g, " ");

describe.each(drivers)("translations on %s", (driver) => {
  const it_ = aboveTheStore(driver);
  let database: LeadsDatabase;
  let server: Awaited<ReturnType<typeof startStaffServer>>;
  let root: string;
  let contentDir: string;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "translations-"));
    contentDir = join(root, "content");
    database = await openTestDatabase(driver);
    server = await startStaffServer(database.db, {}, undefined, {}, contentDir, { config: studioConfig });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await database?.close();
    await rm(root, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await rm(contentDir, { recursive: true, force: true });
    await cp(fixtureContentDir, contentDir, { recursive: true });
    await truncateAll(database.db);
    await truncateStaff(database.db);
  });

  const editor = async (): Promise<TestBrowser> => {
    await addTestAccount(database.db, "editor");
    const browser = server.browser();
    await browser.signIn("editor@example.com");
    return browser;
  };

  /** A studio save of one file, as Keystatic's page sends it. */
  const save = (browser: TestBrowser, path: string, contents: string) =>
    browser.request("/api/keystatic/update", {
      method: "POST",
      headers: { "no-cors": "1", "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ additions: [{ path, contents: Buffer.from(contents).toString("base64url") }], deletions: [] }),
    });

  /** The German table's row whose first cell is `entry`, cell by cell. */
  const rowOf = (html: string, entry: string) => tableByCaption(html, "Entries to translate into Deutsch").find((cells) => cells[0] === entry);

  /** One entry's <file> of the German XLIFF export, read with happy-dom as an agency's tool would, and how to import it alone once its targets are set. */
  const exportedEntry = async (browser: TestBrowser, id: string) => {
    const xml = await (await browser.request("/staff/translations/de.xlf")).text();
    const window = new Window();
    const doc = new window.DOMParser().parseFromString(xml, "application/xml");
    const files = [...doc.getElementsByTagName("file")];
    const file = files.find((f) => f.getAttribute("id") === id)!;
    const importAlone = async () => {
      for (const other of files) if (other !== file) other.remove();
      const form = new FormData();
      form.set("file", new File([new window.XMLSerializer().serializeToString(doc)], "translations-de.xlf"));
      return browser.request("/staff/translations/de/import", { method: "POST", body: form, headers: { origin: server.url } });
    };
    return { units: [...file.getElementsByTagName("unit")], importAlone };
  };

  onBothDrivers(
    "shows an out-of-date entry after its English source's words are saved changed in the studio, naming the field; a save of its order alone leaves it up to date (decision 0203)",
    async () => {
      const browser = await editor();
      let html = await (await browser.request("/staff/translations")).text();
      expect(html).toContain("<h1>Translations</h1>");
      expect(html).toContain('<h2 id="translations-de">Deutsch (de)</h2>');
      // Translated, and its English not saved since: not listed. The others: missing.
      expect(rowOf(html, "FAQ: questions and answers: moq")).toBeUndefined();
      expect(rowOf(html, "FAQ: questions and answers: lead-time")?.[1]).toBe("Missing");
      expect(html).toContain(
        '<a href="/keystatic/collection/faqEntries/item/lead-time" aria-label="English source of FAQ: questions and answers: lead-time">English source</a>',
      );
      expect(html).toContain(
        '<a href="/keystatic/collection/faqEntries_de/create" aria-label="Translation of FAQ: questions and answers: lead-time">Translation</a>',
      );

      // Its order changed, no word: saved after the translation, and still up to date.
      const moq = (await readFile(join(contentDir, "faq/moq.mdoc"), "utf8")).replace("order: 3", "order: 4");
      expect((await save(browser, "content/faq/moq.mdoc", moq)).status).toBe(200);
      html = await (await browser.request("/staff/translations")).text();
      expect(rowOf(html, "FAQ: questions and answers: moq")).toBeUndefined();

      const response = await save(browser, "content/faq/moq.mdoc", moq.replace("per color, per style.", "per colour and style."));
      expect(response.status).toBe(200);

      html = await (await browser.request("/staff/translations")).text();
      const row = rowOf(html, "FAQ: questions and answers: moq");
      expect(row?.[1]).toBe("Out of date, 1 English word changed: answer");
      expect(html).toContain(
        '<a href="/keystatic/collection/faqEntries_de/item/moq" aria-label="Translation of FAQ: questions and answers: moq">Translation</a>',
      );
      expect(visible(html)).toMatch(/\d+ missing, 1 out of date\./);

      // The export carries only the changed answer, the German one as its target to start from (decision 0206);
      // imported, the answer changes and the question stays the German one.
      const { units, importAlone } = await exportedEntry(browser, "faqEntries:moq");
      expect(units.map((u) => u.getAttribute("id"))).toEqual(["answer"]);
      expect(units[0]!.getElementsByTagName("source")[0]!.textContent).toContain("per colour and style.");
      const german = await readFile(join(contentDir, "faq/de/moq.mdoc"), "utf8");
      expect(units[0]!.getElementsByTagName("target")[0]!.textContent).toBe(german.replace(/^---[\s\S]*?---\s*/, "").trim());
      units[0]!.getElementsByTagName("target")[0]!.textContent = "Mindestens 500 Stück je Farbe und Modell.";
      expect((await importAlone()).status).toBe(303);
      const saved = await readFile(join(contentDir, "faq/de/moq.mdoc"), "utf8");
      expect(saved).toContain("Mindestens 500 Stück je Farbe und Modell.");
      expect(saved.match(/^question: .*$/m)?.[0]).toBe(german.match(/^question: .*$/m)?.[0]);
      html = await (await browser.request("/staff/translations")).text();
      expect(rowOf(html, "FAQ: questions and answers: moq")).toBeUndefined();
    },
  );

  it_("exports the texts as XLIFF 2.0, and the agency's file imported changes the German FAQ the site shows", async () => {
    const browser = await editor();
    const exported = await browser.request("/staff/translations/de.xlf");
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toBe("application/xliff+xml; charset=utf-8");
    const xml = await exported.text();

    // A second parser: well-formed, XLIFF 2.0 in its namespace, English to German, a <file> per entry.
    const window = new Window();
    const doc = new window.DOMParser().parseFromString(xml, "application/xml");
    expect(doc.getElementsByTagName("parsererror")).toHaveLength(0);
    const xliff = doc.documentElement;
    expect([xliff.localName, xliff.namespaceURI, xliff.getAttribute("version")]).toEqual(["xliff", "urn:oasis:names:tc:xliff:document:2.0", "2.0"]);
    expect([xliff.getAttribute("srcLang"), xliff.getAttribute("trgLang")]).toEqual(["en", "de"]);
    const files = [...xliff.getElementsByTagName("file")];
    const ids = files.map((f) => f.getAttribute("id"));
    expect(ids).toContain("faqEntries:lead-time");
    expect(ids).not.toContain("faqEntries:moq");
    expect(ids.every((id) => /^[A-Za-z_][\w.:-]*$/.test(id ?? ""))).toBe(true); // NMTOKEN-safe ids
    const leadTime = files.find((f) => f.getAttribute("id") === "faqEntries:lead-time")!;
    const units = [...leadTime.getElementsByTagName("unit")];
    expect(units.map((u) => [u.getAttribute("id"), u.getElementsByTagName("source")[0]!.textContent])).toEqual([
      ["question", "What is your lead time?"],
      ["answer", expect.stringContaining("{business.leadTimeDays.local} days when the order uses local material")],
    ]);

    // The agency translates the lead-time question (and sends back only that entry).
    units[0]!.getElementsByTagName("target")[0]!.textContent = "Wie lang ist Ihre Lieferzeit?";
    units[1]!.getElementsByTagName("target")[0]!.textContent =
      "{business.leadTimeDays.local} Tage bei Material aus dem Inland, {business.leadTimeDays.imported} Tage bei importiertem Material. Das genaue Datum bestätigen wir mit Ihrer Bestellung.";
    for (const other of files) if (other !== leadTime) other.remove();
    const translated = new window.XMLSerializer().serializeToString(doc);

    const form = new FormData();
    form.set("file", new File([translated], "translations-de.xlf", { type: "application/xliff+xml" }));
    const imported = await browser.request("/staff/translations/de/import", { method: "POST", body: form, headers: { origin: server.url } });
    expect(imported.status).toBe(303);
    expect(imported.headers.get("location")).toBe("/staff/translations?imported=1");
    expect(visible(await (await browser.request("/staff/translations?imported=1")).text())).toContain("Imported: 1 entry saved as drafts.");

    const entry = await faqEntryShown(contentDir, "de", "lead-time");
    expect(entry).toMatchObject({ question: "Wie lang ist Ihre Lieferzeit?", lang: "de" });
    expect(entry?.answer).toMatch(/^[\d–-]+ Tage bei Material aus dem Inland, [\d–-]+ Tage bei importiertem Material\./);
    // Through the studio's save: a revision of the German entry by the editor.
    const [revision] = await listRevisions(database.db);
    expect(revision).toMatchObject({ entryKey: "faqEntries_de", entrySlug: "lead-time", action: "create", actorEmail: "editor@example.com" });
  });

  it_("lists the job openings and the privacy notice, and a job's words, its country inside its location, make the round trip (decision 0168)", async () => {
    const browser = await editor();
    const html = await (await browser.request("/staff/translations")).text();
    // The fixture translates the knitwear merchandiser job and the privacy notice: not listed.
    expect(rowOf(html, "Job openings: knitwear-merchandiser")).toBeUndefined();
    expect(rowOf(html, "Privacy notice")).toBeUndefined();
    expect(rowOf(html, "Job openings: pattern-maker")?.[1]).toBe("Missing");
    // The certificate records too: the fixture translates the GOTS record only.
    expect(rowOf(html, "Certificates: records: gots-knit-partner")).toBeUndefined();
    expect(rowOf(html, "Certificates: records: oeko-tex-standard-100")?.[1]).toBe("Missing");
    expect(html).toContain('<a href="/keystatic/collection/jobs_de/create" aria-label="Translation of Job openings: pattern-maker">Translation</a>');

    const { units, importAlone } = await exportedEntry(browser, "jobs:pattern-maker");
    expect(units.map((u) => [u.getAttribute("id"), u.getElementsByTagName("source")[0]!.textContent])).toEqual([
      ["title", "Pattern Maker"],
      ["department", "Design"],
      ["location.country", "Bangladesh"],
      ["description", expect.stringContaining("within {business.leadTimeDays.local} days of an order's confirmation")],
    ]);
    const targets = [
      "Schnittmacher/in",
      "Design",
      "Bangladesch",
      "Sie setzen die Skizzen unserer Designer in gradierte Schnitte um, innerhalb von {business.leadTimeDays.local} Tagen nach der Auftragsbestätigung.",
    ];
    units.forEach((unit, i) => (unit.getElementsByTagName("target")[0]!.textContent = targets[i]!));
    expect((await importAlone()).status).toBe(303);

    expect(await jobShown(contentDir, "de", "pattern-maker")).toMatchObject({
      title: "Schnittmacher/in",
      location: "Chattogram, Bangladesch",
      description: expect.stringMatching(
        /^Sie setzen die Skizzen unserer Designer in gradierte Schnitte um, innerhalb von [\d–-]+ Tagen nach der Auftragsbestätigung\.$/,
      ),
      lang: "de",
    });
    // The file as the studio writes it: the country inside its location, the description as the body.
    expect(await readFile(join(contentDir, "jobs/de/pattern-maker.mdoc"), "utf8")).toBe(
      "---\ntitle: Schnittmacher/in\ndepartment: Design\nlocation:\n  country: Bangladesch\n---\nSie setzen die Skizzen unserer Designer in gradierte Schnitte um, innerhalb von {business.leadTimeDays.local} Tagen nach der Auftragsbestätigung.\n",
    );
    const [revision] = await listRevisions(database.db);
    expect(revision).toMatchObject({ entryKey: "jobs_de", entrySlug: "pattern-maker", action: "create" });
  });

  it_("lists the home page's sections, and Our Concept's list of values makes the round trip by place (decision 0169)", async () => {
    const browser = await editor();
    const html = await (await browser.request("/staff/translations")).text();
    // The fixture translates the hero: not listed; the other sections are missing.
    expect(rowOf(html, "Home: top (video and introduction)")).toBeUndefined();
    expect(rowOf(html, "Home: our concept")?.[1]).toBe("Missing");

    const { units, importAlone } = await exportedEntry(browser, "homeConcept");
    // Only the places the English file has: seven values, each a title and a description.
    expect(units.map((u) => u.getAttribute("id"))).toEqual([
      "heading",
      "intro",
      ...Array.from({ length: 7 }, (_, i) => [`values.${i}.title`, `values.${i}.description`]).flat(),
    ]);
    expect(units[2]!.getElementsByTagName("source")[0]!.textContent).toBe("ETHICS");
    for (const unit of units) unit.getElementsByTagName("target")[0]!.textContent = `DE ${unit.getElementsByTagName("source")[0]!.textContent}`;
    expect((await importAlone()).status).toBe(303);

    // Written as the studio writes it: the values a list, in the English order.
    const written = await readFile(join(contentDir, "home/de/concept.yaml"), "utf8");
    expect(written).toMatch(/^heading: DE Our Concept\nintro: DE [^]+\nvalues:\n {2}- title: DE ETHICS\n {4}description: DE /);
    const english = (await homeConceptShown(contentDir, "en"))!;
    expect(await homeConceptShown(contentDir, "de")).toEqual({ heading: "DE Our Concept", titles: english.titles.map((t) => `DE ${t}`), lang: "de" });
    const [revision] = await listRevisions(database.db);
    expect(revision).toMatchObject({ entryKey: "homeConcept_de", entrySlug: "", action: "create" });
  });

  it_("lists the company pages, and the organogram's units make the round trip by place, their ids the English ones (decision 0170)", async () => {
    await rm(join(contentDir, "company/de/organization.yaml"));
    const browser = await editor();
    const html = await (await browser.request("/staff/translations")).text();
    // The fixture translates every company page: listed only where its translation is gone.
    expect(rowOf(html, "Company: about us")).toBeUndefined();
    expect(rowOf(html, "Company: organogram")?.[1]).toBe("Missing");

    const { units, importAlone } = await exportedEntry(browser, "organization");
    const ids = units.map((u) => u.getAttribute("id"));
    // Only the places the English file has, an empty detail none: the root's title, its units' and theirs.
    expect(ids.slice(0, 4)).toEqual(["intro", "chartTitle", "root.title", "root.children.0.title"]);
    expect(ids).toContain("root.children.0.children.0.children.0.detail");
    expect(ids).not.toContain("root.detail");
    for (const unit of units) unit.getElementsByTagName("target")[0]!.textContent = `DE ${unit.getElementsByTagName("source")[0]!.textContent}`;
    expect((await importAlone()).status).toBe(303);

    const organization = (await organizationShown(contentDir, "de"))!;
    expect(organization.lang).toBe("de");
    expect(organization.root).toMatchObject({
      id: "managing-director",
      title: "DE Managing Director",
      children: [{ id: "dgm", title: "DE Deputy General Manager (DGM)" }, { id: "finance" }],
    });
    expect(organization.root.children![0]!.children![0]!.children![0]).toEqual({
      id: "sampling",
      title: "DE Sampling and Technical",
      detail: "DE Pattern, fit and garment technologists",
    });
    const [revision] = await listRevisions(database.db);
    expect(revision).toMatchObject({ entryKey: "organization_de", entrySlug: "", action: "create" });
  });

  onBothDrivers("lists Company facts' words out of date once Company facts change, and a new place makes the round trip (decisions 0176, 0181)", async () => {
    const browser = await editor();
    let html = await (await browser.request("/staff/translations")).text();
    // The fixture translates the tagline and the facts into German: not listed.
    expect(rowOf(html, "Site: tagline and facts in words")).toBeUndefined();

    // A product family and an office country added in Company facts: the German facts are out of
    // date, their families and the footer's office countries shown in English.
    const english = await readFile(join(contentDir, "site.yaml"), "utf8");
    const edited = english.replace("productFamilies:\n", "productFamilies:\n  - Umbrellas\n").replace(/(\nofficeCountries:\n(?: {2}- .*\n)+)/, "$1  - India\n");
    expect((await save(browser, "content/site.yaml", edited)).status).toBe(200);
    html = await (await browser.request("/staff/translations")).text();
    // Every family moved one place down, and a new office country: their English words changed (decision 0203).
    expect(rowOf(html, "Site: tagline and facts in words")?.[1]).toBe("Out of date, 13 English words changed");
    expect(await productFamiliesShown(contentDir, "de")).toMatchObject({ itemsLang: "en" });
    expect(await officeCountriesShown(contentDir, "de")).toEqual([
      { country: "Bangladesh", lang: "en" },
      { country: "USA", lang: "en" },
    ]);

    // Exported by place, the translation so far as the targets; the new first place empty. Only the
    // places whose English changed (decision 0206): every family's, the new office country's.
    const { units, importAlone } = await exportedEntry(browser, "site");
    const unit = (id: string) => units.find((u) => u.getAttribute("id") === id)!;
    const target = (id: string) => unit(id).getElementsByTagName("target")[0]!;
    expect(unit("productFamilies.0").getElementsByTagName("source")[0]!.textContent).toBe("Umbrellas");
    expect(target("productFamilies.1").textContent).toBe("Schuhe"); // the German file's second place, a step behind the English
    expect(unit("productFamilies.11")).toBeDefined();
    expect(units.find((u) => u.getAttribute("id") === "productFamilies.12")).toBeUndefined();
    expect(unit("headOffice.country")).toBeUndefined();
    // The office countries by place, the new last one without a target yet; the agency names it.
    expect(unit("officeCountries.1")).toBeUndefined();
    expect(unit("officeCountries.2").getElementsByTagName("source")[0]!.textContent).toBe("India");
    expect(target("officeCountries.2").textContent).toBe("");
    target("officeCountries.2").textContent = "Indien";
    // The agency puts each family in its new place.
    const families = units.filter((u) => u.getAttribute("id")!.startsWith("productFamilies.")).map((u) => u.getElementsByTagName("target")[0]!);
    const german = families.map((t) => t.textContent);
    families.forEach((t, i) => (t.textContent = i === 0 ? "Schirme" : german[i - 1]!));
    expect((await importAlone()).status).toBe(303);

    const shown = (await productFamiliesShown(contentDir, "de"))!;
    expect(shown.itemsLang).toBe("de");
    expect(shown.items.slice(0, 3)).toEqual(["Schirme", "Textilien (Webware, Jersey, Flachstrick 3GG bis 14GG, Rundstrick, Oberbekleidung)", "Schuhe"]);
    const written = await readFile(join(contentDir, "site/de.yaml"), "utf8");
    expect(written).toMatch(/\nproductFamilies:\n {2}- Schirme\n/);
    expect(written).toMatch(/\nofficeCountries:\n {2}- Bangladesch\n {2}- USA\n {2}- Indien\n/);
    expect(await officeCountriesShown(contentDir, "de")).toEqual([
      { country: "Bangladesch", lang: "de" },
      { country: "USA", lang: "de" },
    ]);
    const [revision] = await listRevisions(database.db);
    expect(revision).toMatchObject({ entryKey: "site_de", entrySlug: "" });
  });

  it_("lists the gallery's families and products; a product's words make the round trip by place (decision 0171)", async () => {
    const browser = await editor();
    const html = await (await browser.request("/staff/translations")).text();
    // The fixture translates the Men family and its T-Shirt: not listed; the others are missing.
    expect(rowOf(html, "Gallery families: men")).toBeUndefined();
    expect(rowOf(html, "Gallery families: women")?.[1]).toBe("Missing");
    expect(rowOf(html, "Gallery products and photos: men/tshirt")).toBeUndefined();
    expect(rowOf(html, "Gallery products and photos: nontextile/straw&plasticbasket")?.[1]).toBe("Missing");

    const { units, importAlone } = await exportedEntry(browser, "galleryItems:nontextile.straw_plasticbasket");
    // Only the words the English product has: its name and its two photos' titles.
    expect(units.map((u) => [u.getAttribute("id"), u.getElementsByTagName("source")[0]!.textContent])).toEqual([
      ["label", "Straw & Plastic Basket"],
      ["photos.0.title", "Round Straw & Plastic Basket"],
      ["photos.1.title", "Square Straw & Plastic Basket"],
    ]);
    const targets = ["Korb aus Stroh und Kunststoff", "Runder Korb aus Stroh und Kunststoff", "Eckiger Korb aus Stroh und Kunststoff"];
    units.forEach((unit, i) => (unit.getElementsByTagName("target")[0]!.textContent = targets[i]!));
    expect((await importAlone()).status).toBe(303);

    // Written as the studio writes it, the photos a list in the English order, beside the English file's address.
    expect(await readFile(join(contentDir, "gallery/de/items/nontextile/straw&plasticbasket.yaml"), "utf8")).toBe(
      "label: Korb aus Stroh und Kunststoff\nphotos:\n  - title: Runder Korb aus Stroh und Kunststoff\n  - title: Eckiger Korb aus Stroh und Kunststoff\n",
    );
    expect(await galleryItemShown(contentDir, "de", "nontextile", "straw&plasticbasket")).toEqual({ label: targets[0], titles: targets.slice(1), lang: "de" });
    const [revision] = await listRevisions(database.db);
    expect(revision).toMatchObject({ entryKey: "galleryItems_de", entrySlug: "nontextile/straw&plasticbasket", action: "create" });
  });

  it_("takes a family's name through the same round trip: exported, translated, written beside the English family (decision 0171)", async () => {
    const browser = await editor();
    const { units, importAlone } = await exportedEntry(browser, "galleryFamilies:women");
    // The family's one word: its name (its order and video stay the English entry's).
    expect(units.map((u) => [u.getAttribute("id"), u.getElementsByTagName("source")[0]!.textContent])).toEqual([["label", "Women"]]);
    units[0]!.getElementsByTagName("target")[0]!.textContent = "Damen";
    expect((await importAlone()).status).toBe(303);

    expect(await readFile(join(contentDir, "gallery/de/families/women.yaml"), "utf8")).toBe("label: Damen\n");
    expect(await galleryFamilyShown(contentDir, "de", "women")).toEqual({ label: "Damen", lang: "de" });
    const html = await (await browser.request("/staff/translations")).text();
    expect(rowOf(html, "Gallery families: women")).toBeUndefined();
    const [revision] = await listRevisions(database.db);
    expect(revision).toMatchObject({ entryKey: "galleryFamilies_de", entrySlug: "women", action: "create" });
  });

  it_(
    "links a quote form translation out of date into its studio page; a German word saved there takes the studio's save and its checks (decision 0179)",
    async () => {
      const browser = await editor();
      // Translated, its English not saved since: not listed (every language has the file: it is never missing).
      let html = await (await browser.request("/staff/translations")).text();
      expect(rowOf(html, "Quote request form")).toBeUndefined();

      const english = await readFile(join(contentDir, "quote.yaml"), "utf8");
      expect((await save(browser, "content/quote.yaml", english.replace("heading: Request a quote", "heading: Ask for a quotation"))).status).toBe(200);
      html = await (await browser.request("/staff/translations")).text();
      expect(rowOf(html, "Quote request form")?.[1]).toBe("Out of date, 1 English word changed: heading");
      expect(html).toContain('<a href="/keystatic/singleton/quote" aria-label="English source of Quote request form">English source</a>');
      expect(html).toContain('<a href="/keystatic/singleton/quote_de" aria-label="Translation of Quote request form">Translation</a>');

      // A {slot} removed: refused, naming the entry and the field; nothing written, nothing recorded.
      const german = await readFile(join(contentDir, "quote/de.yaml"), "utf8");
      const refused = await save(browser, "content/quote/de.yaml", german.replace('productHeading: "Produkt {n}"', "productHeading: Produkt"));
      expect(refused.status).toBe(422);
      expect(await refused.text()).toBe(
        "Quote request form (Deutsch) cannot be saved: its content type refuses it (productHeading: Heading of each product must contain {n}). Nothing was saved.",
      );
      expect(await readFile(join(contentDir, "quote/de.yaml"), "utf8")).toBe(german);

      // The German word saved: written, one revision of the German singleton, no longer out of date.
      const saved = await save(browser, "content/quote/de.yaml", german.replace("heading: Angebot anfragen", "heading: Ein Angebot anfordern"));
      expect(saved.status).toBe(200);
      expect(await readFile(join(contentDir, "quote/de.yaml"), "utf8")).toContain("heading: Ein Angebot anfordern");
      expect((await listRevisions(database.db)).map((r) => r.entryKey)).toEqual(["quote_de", "quote"]);
      expect(rowOf(await (await browser.request("/staff/translations")).text(), "Quote request form")).toBeUndefined();
    },
  );

  it_("takes the quote form's words through the XLIFF round trip, keeping its links' addresses (decision 0179)", async () => {
    const browser = await editor();
    const english = await readFile(join(contentDir, "quote.yaml"), "utf8");
    expect((await save(browser, "content/quote.yaml", english.replace('productHeading: "Product {n}"', 'productHeading: "Item {n}"'))).status).toBe(200);

    const { units, importAlone } = await exportedEntry(browser, "quote");
    const unit = (id: string) => units.find((u) => u.getAttribute("id") === id)!;
    // The word whose English changed, the German word so far as its target; no other (decision 0206), the links' addresses never.
    expect(unit("productHeading").getElementsByTagName("source")[0]!.textContent).toBe("Item {n}");
    expect(unit("productHeading").getElementsByTagName("target")[0]!.textContent).toBe("Produkt {n}");
    expect(units.map((u) => u.getAttribute("id"))).toEqual(["productHeading"]);
    unit("productHeading").getElementsByTagName("target")[0]!.textContent = "Artikel {n}";
    expect((await importAlone()).status).toBe(303);

    const written = await readFile(join(contentDir, "quote/de.yaml"), "utf8");
    expect(written).toMatch(/productHeading: "?Artikel \{n\}"?\n/);
    expect(written).toMatch(/- label: Zurück zur Produktgalerie\n\s+to: \/gallery\n/);
    const [revision] = await listRevisions(database.db);
    expect(revision).toMatchObject({ entryKey: "quote_de", action: "update" });
  });

  it_("takes the company profile PDF's words with the about page's through the XLIFF round trip, into the German PDF (decision 0188)", async () => {
    const browser = await editor();
    const english = await readFile(join(contentDir, "company/about.mdoc"), "utf8");
    expect((await save(browser, "content/company/about.mdoc", english.replace("  title: Company Profile\n", "  title: Company profile\n"))).status).toBe(200);
    expect(rowOf(await (await browser.request("/staff/translations")).text(), "Company: about us")?.[1]).toBe(
      "Out of date, 1 English word changed: profile.title",
    );

    const { units, importAlone } = await exportedEntry(browser, "about");
    const unit = (id: string) => units.find((u) => u.getAttribute("id") === id)!;
    const text = (id: string, part: "source" | "target") => unit(id).getElementsByTagName(part)[0]!.textContent;
    expect([text("profile.title", "source"), text("profile.title", "target")]).toEqual(["Company profile", "Unternehmensprofil"]);
    expect(units.map((u) => u.getAttribute("id"))).toEqual(["profile.title"]);
    unit("profile.title").getElementsByTagName("target")[0]!.textContent = "Firmenprofil";
    expect((await importAlone()).status).toBe(303);

    expect(await readFile(join(contentDir, "company/de/about.mdoc"), "utf8")).toMatch(/\n {2}title: Firmenprofil\n/);
    expect(await companyProfileShown(contentDir, "de")).toMatchObject({
      path: "de/company-profile.pdf",
      words: { title: "Firmenprofil", page: "Seite {page} von {pages}" },
    });
  });

  it_("lists a German acknowledgement word missing; exported, imported, it is the acknowledgement's German word (decision 0182)", async () => {
    const file = join(contentDir, "translations/de/quotations.yaml");
    const german = await readFile(file, "utf8");
    const thanks = /\n {2}thanks: .*\n/.exec(german)![0];
    await writeFile(file, german.replace(thanks, "\n"));
    expect(await germanAcknowledgement(contentDir)).toContain("Thank you for your quote request. Its reference is Q-2026-00042");

    const browser = await editor();
    const html = await (await browser.request("/staff/translations")).text();
    expect(rowOf(html, "Quotations: the buyer's words")?.[1]).toBe("Missing 1 word: acknowledgement.thanks");
    expect(html).toContain('<a href="/keystatic/singleton/quotations" aria-label="English source of Quotations: the buyer&#39;s words">English source</a>');
    expect(html).toContain('<a href="/keystatic/singleton/quotations_de" aria-label="Translation of Quotations: the buyer&#39;s words">Translation</a>');

    const { units, importAlone } = await exportedEntry(browser, "quotations");
    const unit = (id: string) => units.find((u) => u.getAttribute("id") === id)!;
    const text = (id: string, part: "source" | "target") => unit(id).getElementsByTagName(part)[0]!.textContent;
    // The missing word alone (decision 0206), its English from code's defaults.
    expect(text("acknowledgement.thanks", "source")).toBe(
      "Thank you for your quote request. Its reference is {reference}: please quote it when you write to us.",
    );
    expect(text("acknowledgement.thanks", "target")).toBe("");
    expect(units.map((u) => u.getAttribute("id"))).toEqual(["acknowledgement.thanks"]);
    unit("acknowledgement.thanks").getElementsByTagName("target")[0]!.textContent = "danke für Ihre Anfrage. Ihre Referenz: {reference}.";
    expect((await importAlone()).status).toBe(303);

    // Written through the studio's save, the file's other words and its top comment as they were.
    const written = await readFile(file, "utf8");
    expect(written.startsWith("# The buyer's words in German (decision 0164)")).toBe(true);
    expect(written).toContain('thanks: "danke für Ihre Anfrage. Ihre Referenz: {reference}."\n');
    expect(written).toContain("  greeting: Guten Tag,\n");
    const [revision] = await listRevisions(database.db);
    expect(revision).toMatchObject({ entryKey: "quotations_de", entrySlug: "", action: "update", actorEmail: "editor@example.com" });
    expect(rowOf(await (await browser.request("/staff/translations")).text(), "Quotations: the buyer's words")).toBeUndefined();
    expect(await germanAcknowledgement(contentDir)).toContain("danke für Ihre Anfrage. Ihre Referenz: Q-2026-00042.");
  });

  it_("lists a reply template without its German one, and imports it matched by its English name (decision 0182)", async () => {
    const browser = await editor();
    expect(rowOf(await (await browser.request("/staff/translations")).text(), "Reply templates")).toBeUndefined();
    const english = await readFile(join(contentDir, "reply-templates.yaml"), "utf8");
    const added = english.replace(
      "templates:\n",
      "templates:\n  - name: Samples sent\n    text: |-\n      Dear {name},\n\n      Your samples are on their way.\n",
    );
    expect((await save(browser, "content/reply-templates.yaml", added)).status).toBe(200);

    const html = await (await browser.request("/staff/translations")).text();
    expect(rowOf(html, "Reply templates")?.[1]).toBe("Missing 2 words: templates.0.name, templates.0.text");
    const { units, importAlone } = await exportedEntry(browser, "replyTemplates");
    const unit = (id: string) => units.find((u) => u.getAttribute("id") === id)!;
    // The new template's words alone (decision 0206), by the place of its English one.
    expect(unit("templates.0.name").getElementsByTagName("source")[0]!.textContent).toBe("Samples sent");
    expect(units.map((u) => u.getAttribute("id"))).toEqual(["templates.0.name", "templates.0.text"]);
    unit("templates.0.name").getElementsByTagName("target")[0]!.textContent = "Muster versandt";
    unit("templates.0.text").getElementsByTagName("target")[0]!.textContent = "Guten Tag {name},\n\nIhre Muster sind unterwegs.";
    expect((await importAlone()).status).toBe(303);

    const written = await readFile(join(contentDir, "translations/de/reply-templates.yaml"), "utf8");
    expect(written).toMatch(/ {2}- english: Samples sent\n {4}name: Muster versandt\n {4}text: /);
    expect(written.indexOf("english: Thank you, we are on it")).toBeLessThan(written.indexOf("english: Samples sent"));
    // The desk's German replies, as the server reads them from the build.
    const replies = await fromBuildOf(contentDir, (clientDir) => replyTemplatesFrom(clientDir, "de"));
    expect(replies.map((t) => t.name)).toEqual([
      "Muster versandt",
      "Vielen Dank, wir kümmern uns darum",
      "Angebot folgt",
      "Nachfrage zu einem unbeantworteten Angebot",
    ]);
  });

  it_("lists a menu label without its translation in the interface words, and takes it by its English label (decision 0182)", async () => {
    const navigation = join(contentDir, "navigation.yaml");
    await writeFile(navigation, (await readFile(navigation, "utf8")).replace("quickView:\n", "quickView:\n  - label: Sustainability\n    to: /quality\n"));
    const browser = await editor();
    const html = await (await browser.request("/staff/translations")).text();
    const row = rowOf(html, "Interface words");
    expect(row?.[1]).toMatch(/^Missing 1 word: menu\.\d+\.label$/);
    const place = /menu\.\d+\.label/.exec(row![1]!)![0];

    const { units, importAlone } = await exportedEntry(browser, "messages");
    const unit = units.find((u) => u.getAttribute("id") === place)!;
    expect(unit.getElementsByTagName("source")[0]!.textContent).toBe("Sustainability");
    unit.getElementsByTagName("target")[0]!.textContent = "Nachhaltigkeit";
    expect((await importAlone()).status).toBe(303);
    expect(await readFile(join(contentDir, "messages/de.yaml"), "utf8")).toMatch(/\n {2}- english: Sustainability\n {4}label: Nachhaltigkeit\n/);
    expect(rowOf(await (await browser.request("/staff/translations")).text(), "Interface words")).toBeUndefined();
  });

  it_("keeps the comment a language's file opens with when the studio saves it (decision 0182)", async () => {
    const browser = await editor();
    const file = join(contentDir, "quote/de.yaml");
    const german = await readFile(file, "utf8");
    const comment = /^(#.*\n)+/.exec(german)![0];
    // As Keystatic sends it: the data alone, no comment.
    const sent = german.slice(comment.length).replace("heading: Angebot anfragen", "heading: Ein Angebot anfordern");
    const saved = await save(browser, "content/quote/de.yaml", sent);
    expect(saved.status).toBe(200);
    expect(await readFile(file, "utf8")).toBe(`${comment}${sent}`);

    // The studio learns the file as written from the save's answer (its tree), so its next save of the file is not taken for one over an unseen change (decision 0159).
    const tree = (await saved.json()) as { path: string; sha: string }[];
    const seen = tree.find((entry) => entry.path === "content/quote/de.yaml")!.sha;
    expect(seen).toBe(gitBlobSha(Buffer.from(`${comment}${sent}`)));
    const again = sent.replace("heading: Ein Angebot anfordern", "heading: Angebot anfordern");
    const next = await browser.request("/api/keystatic/update", {
      method: "POST",
      headers: {
        "no-cors": "1",
        "content-type": "application/json",
        origin: server.url,
        [seenVersionsHeader]: JSON.stringify({ "content/quote/de.yaml": seen }),
      },
      body: JSON.stringify({ additions: [{ path: "content/quote/de.yaml", contents: Buffer.from(again).toString("base64url") }], deletions: [] }),
    });
    expect(next.status).toBe(200);
    expect(await readFile(file, "utf8")).toBe(`${comment}${again}`);
  });

  it_("lists the showcase pages' card titles, and they make the round trip by place (decision 0174)", async () => {
    await rm(join(contentDir, "gallery/de/showcases.yaml"));
    const browser = await editor();
    const html = await (await browser.request("/staff/translations")).text();
    // The fixture translates them: listed only where the translation is gone.
    expect(rowOf(html, "Gallery showcase pages: card titles")?.[1]).toBe("Missing");

    const { units, importAlone } = await exportedEntry(browser, "galleryShowcases");
    // Every card's title by place, three a page; the videos and pictures are not words.
    const places = ["fashionAccessories", "homeTextile", "nonTextile"].flatMap((page) => [0, 1, 2].map((i) => `${page}.cards.${i}.title`));
    expect(units.map((u) => [u.getAttribute("id"), u.getElementsByTagName("source")[0]!.textContent])).toEqual(places.map((id) => [id, "Name of the product"]));
    units.forEach((unit, i) => (unit.getElementsByTagName("target")[0]!.textContent = `Produktname ${i + 1}`));
    expect((await importAlone()).status).toBe(303);

    // Written as the studio writes it, each page's cards a list in the English order.
    const written = await readFile(join(contentDir, "gallery/de/showcases.yaml"), "utf8");
    expect(written).toMatch(/^fashionAccessories:\n {2}cards:\n {4}- title: Produktname 1\n {4}- title: Produktname 2\n/);
    expect(await showcaseTitlesShown(contentDir, "de", "nonTextile")).toEqual([7, 8, 9].map((n) => [`Produktname ${n}`, "de"]));
    const [revision] = await listRevisions(database.db);
    expect(revision).toMatchObject({ entryKey: "galleryShowcases_de", entrySlug: "", action: "create" });
  });

  it_("refuses a file with a unit it cannot place, naming it, and writes nothing", async () => {
    const browser = await editor();
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="de">
  <file id="faqEntries:lead-time">
    <unit id="question"><segment><source>What is your lead time?</source><target>Wie lang ist Ihre Lieferzeit?</target></segment></unit>
    <unit id="answer"><segment><source>…</source><target>Je nach Material.</target></segment></unit>
  </file>
  <file id="faqEntries:no-such-question">
    <unit id="question"><segment><source>Gone?</source><target>Weg?</target></segment></unit>
  </file>
</xliff>`;
    const form = new FormData();
    form.set("file", new File([xml], "translations-de.xlf"));
    const response = await browser.request("/staff/translations/de/import", { method: "POST", body: form, headers: { origin: server.url } });
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(visible(html)).toContain(
      "Refused: faqEntries:no-such-question: no English entry of this id (renamed or deleted since the export?). Nothing was written.",
    );
    expect(html).toContain('<a href="#xliff-de">');
    expect(existsSync(join(contentDir, "faq/de/lead-time.mdoc"))).toBe(false);
    expect(await listRevisions(database.db)).toEqual([]);
  });

  it_("is for editors and admins only", async () => {
    await addTestAccount(database.db, "sales");
    const sales = server.browser();
    await sales.signIn("sales@example.com");
    expect((await sales.request("/staff/translations")).status).toBe(403);
    expect((await sales.request("/staff/translations/de.xlf")).status).toBe(403);
  });
});

import { resolve } from "node:path";
import { isoDay } from "../../lib/contracts/open-jobs";
import { galleryFamilyPath, galleryItemPath } from "../../lib/contracts/site-paths";
import { companyPagesPerLanguage, readCompany } from "./company.server";
import { readingContext } from "./context.server";
import { ContentError, contentDir, readEntries } from "./entries.server";
import { readForms } from "./forms.server";
import { readPrivacy } from "./privacy.server";
import { type QuoteEntry, readQuote } from "./quote.server";
import { formResultsWordsSchema } from "../studio/forms";
import { quoteWordsSchema } from "../studio/quote";
import { galleryPerLanguage, readGallery, showcasesPerLanguage } from "./gallery.server";
import { homeSectionsPerLanguage, readHome, sharedListsPerLanguage } from "./home.server";
import { readJobOpenings } from "./job-openings.server";
import { readLocales } from "./locales.server";
import { readMessages, readWordsPerLanguage, wordsPerLanguage } from "./messages.server";
import { officeCountriesPerLanguage, readFrame, readPages, readSite, siteFactsPerLanguage, siteInLanguage } from "./site.server";
import { business } from "../../lib/contracts/constants";
import { readTranslations, singletonPerLanguage } from "./translations.server";
import { readPageWords } from "./page-words.server";
import { type CatalogueWords, localizedCertificateRecords, readCatalogueWords, readCertificateRecords } from "./products.server";
import { readBuyerWords } from "./buyer-words.server";
import type { FormResultsEntry } from "./forms.server";

// The one content pass: every studio singleton and collection read once (entries.server.ts),
// checked, and shaped by domain into one typed value. Everything that needs content takes it from
// here: the Vite content modules, app/routes.ts, the prerender list, the sitemap, /data.json, the
// company profile PDFs and the tests.

export type ReadOptions = {
  /** YYYY-MM-DD: which job openings are open (default: today, UTC). */
  today?: string;
  /** Where local videos named in the gallery live (default: public/). */
  publicDir?: string;
};

/**
 * Reads, validates and shapes all content. Throws a ContentError listing every problem with its
 * file and field, so `npm run build` stops on a bad edit and says where it is.
 */
export async function readSiteContent(root = contentDir(), { today = isoDay(), publicDir = resolve("public") }: ReadOptions = {}) {
  const c = readingContext(await readEntries(root), { root, publicDir, today });
  const { site, offices } = readSite(c);
  const { pages } = readPages(c);
  const { locales } = readLocales(c);
  const codes = locales.map((l) => l.code);
  // Company facts in words in each language (decision 0176): what each language's translations' {site.…} name.
  const siteFacts = siteFactsPerLanguage(c, codes, site);
  if (site) c.usePlaceholdersPerLanguage(Object.fromEntries(codes.slice(1).map((code) => [code, { site: siteInLanguage(site, siteFacts[code]!), business }])));
  // {site.shortName} … in any language's words, filled in as in every other text of content/.
  const messages = Object.fromEntries(
    Object.entries(await readMessages(root, locales.map((l) => l.code), c.problems)).map(([code, m]) => [code, c.fill(`content/messages/${code}.yaml`, m)]),
  );
  const replyTemplates = (c.entryOf("replyTemplates")?.templates ?? []).map(({ name, text }) => ({ name, text }));
  const buyerWords = await readBuyerWords(root, locales.map((l) => l.code), replyTemplates, c.problems);
  const { allCertificates, certificates } = readCertificateRecords(c);
  const catalogue = readCatalogueWords(c);
  const home = readHome(c, { all: allCertificates, valid: certificates }, catalogue);
  const company = readCompany(c, site, home.team);
  // The quote form's and the result pages' words in each other language (decision 0166): whole, like content/messages/.
  const others = codes.slice(1);
  const quoteWords = await readWordsPerLanguage<QuoteEntry>(root, others, { dir: "quote", schema: quoteWordsSchema, label: "its quote form's words" }, c.problems);
  const formResultWords = await readWordsPerLanguage<FormResultsEntry>(
    root,
    others,
    { dir: "form-results", schema: formResultsWordsSchema, label: "its form result pages' words" },
    c.problems,
  );
  const forms = readForms(c, messages, { codes, translations: formResultWords });
  const jobs = readJobOpenings(c, codes);
  const { gallery, galleryShowcases } = readGallery(c, { all: allCertificates, valid: certificates });
  const frame = readFrame(c, gallery);
  // The gallery's families and products in each language (decision 0171).
  const galleryFamiliesPerLanguage = galleryPerLanguage(c, codes, gallery);
  // Each language's words with the menu and footer links in them: what the root loader gives a page,
  // the frame's and the controls' words among them (`labels`, `carousel`, `gallery` … of
  // content/messages/<code>.yaml). The fixed pages' words (title, heading, breadcrumb, search
  // description) too: data for every page, not JavaScript (app/root.tsx); for now the same (English)
  // in every language.
  // `lang`: these words' language (its code). `fallbackLang`: the language of what a page shows
  // without a translation in its own (decision 0160): the default language's code on another
  // language's pages, null on the default's. Only content/messages/ is translated yet; every other
  // content module and the pages' words are the default language's, and the elements showing them
  // carry it as `lang`.
  const defaultCode = locales[0]?.code ?? "";
  // Content per language (decision 0165): each language's page words and FAQ, the English entry where one is not translated.
  const translations = readTranslations(
    c,
    locales.map((l) => l.code),
    { pages, faq: company.faq },
  );
  // The site's words in each language (decision 0169: its tagline), with the pages' words in the root's data;
  // the offices' countries in them (decision 0181: the footer's and the contact page's).
  const siteWords = singletonPerLanguage<{ tagline: string }>(c, codes, "site");
  const officeCountries = officeCountriesPerLanguage(codes, offices, site, siteFacts);
  // The contact page's, the career form's and the job pages' words per language (decision 0167).
  const pageWords = readPageWords(
    c,
    locales.map((l) => l.code),
    { career: forms.career, jobs: jobs.jobs },
  );
  const words = Object.fromEntries(
    Object.entries(
      frame.navigation
        ? wordsPerLanguage(messages, frame.navigation, locales.map((l) => l.code), {
            keep: new Set(gallery.map((f) => f.label)),
            // A translated family's name in the menu (decision 0171).
            named: Object.fromEntries(
              Object.entries(galleryFamiliesPerLanguage).map(([code, families]) => [
                code,
                new Map(families.flatMap((f, i) => (f.lang === code ? [[gallery[i]!.label, f.label] as const] : []))),
              ]),
            ),
            problems: c.problems,
            root,
          })
        : {},
    ).map(([code, shown]) => [
      code,
      {
        ...shown,
        pages: translations[code]!.pages,
        // The Get In Touch form's heading and intro (home and /contact), the contact page's labels and map, the career form's words.
        contact: pageWords[code]!.contact,
        career: pageWords[code]!.career,
        // The catalogue's and certificates' page words: the root loader leaves them out of other pages than the gallery's and the compliance page.
        // Without the line sheets' words: the gallery's loaders give their links (decision 0175).
        catalogue: withoutLineSheets(pageWords[code]!.catalogue),
        site: { tagline: siteWords[code]!.tagline, lang: siteWords[code]!.lang, officeCountries: officeCountries[code]! },
        lang: code,
        fallbackLang: code === defaultCode ? null : defaultCode,
      },
    ]),
  );
  const recordsPerLanguage = localizedCertificateRecords(c, codes, certificates);
  // The gallery in each language (decision 0171): its families and products, the catalogue's words
  // (the English file with its translation's words over it: a translated singleton like any other,
  // `singletonPerLanguage`, decision 0180) and the records' names in that language.
  const catalogueWords = singletonPerLanguage<CatalogueWords>(c, codes, "catalogue");
  const galleries = Object.fromEntries(
    codes.map((code) => {
      const { lang, ...words } = catalogueWords[code]!;
      return [code, { families: galleryFamiliesPerLanguage[code]!, words, wordsLang: lang, certificates: recordsPerLanguage[code]! }];
    }),
  );
  const quote = readQuote(c, gallery, catalogue, { codes, translations: quoteWords, galleries });
  const privacy = readPrivacy(c, forms, quote.quotes[defaultCode], messages, codes);
  // The home page's sections in each language (decision 0169): the home route's loader data.
  // The lists the home and company pages share, in each language (decision 0170).
  const sharedLists = sharedListsPerLanguage(c, codes, home);
  const homeSections = homeSectionsPerLanguage(c, codes, sharedLists);
  // The mission page in each language (decision 0169): the mission route's loader data.
  const missions = singletonPerLanguage<NonNullable<typeof company.mission>>(c, codes, "mission");
  // The other company pages in each language (decision 0170): each company route's loader data.
  // And the company profile PDF of each language whose about page is translated (decision 0188).
  const { pages: companyPages, profiles: companyProfiles } = companyPagesPerLanguage(c, codes, site, home.team, sharedLists, siteFacts);
  // The static gallery pages in each language (decision 0174): the showcase routes' loader data.
  const galleryShowcasesPerLanguage = showcasesPerLanguage(c, codes, galleryShowcases);
  if (c.problems.length) throw new ContentError([...new Set(c.problems)].sort());

  // One module per page-facing import (app/content/<name>.ts), so each page's bundle carries only what it shows.
  // The compliance page's, the product pages' and the catalogue's words are each language's page
  // words (the root's data of those pages: `catalogue`, decision 0167).
  const productModules = catalogue && {
    certificateRecords: certificates,
    // The valid records in each language (decision 0168): the compliance route's loader data.
    localizedCertificateRecords: recordsPerLanguage,
  };
  const faqs = Object.fromEntries(Object.entries(translations).map(([code, t]) => [code, t.faq!]));
  // The job pages' words and each open job's facts per language: the career routes' loaders only (decision 0167).
  const jobWords = Object.fromEntries(Object.entries(pageWords).map(([code, w]) => [code, w.jobs]));
  const modules = { site, locales, messages: words, faqs, jobWords, offices, pages, ...frame, ...home, ...company, ...forms, ...quote, ...privacy, ...jobs, homeSections, missions, companyPages, galleryShowcases: galleryShowcasesPerLanguage, ...productModules! };
  return {
    modules,
    /** The staff desk's reply templates (content/reply-templates.yaml): the server's, not a page's (server-settings.json). */
    replyTemplates,
    /** The buyer's words and the reply templates in each other language (content/translations/<code>/, decision 0164): the server's (server-settings.json). */
    translations: buyerWords,
    /** Quotations' defaults and the buyer's page's words (content/quotations.yaml): the server's, not a page's (server-settings.json). */
    quotations: c.entryOf("quotations"),
    /** The interface's words in each language, by code (content/messages/, decision 0160): each page gets its own language's only (app/root.tsx). */
    messages,
    /** The site's languages, the default first (content/locales.yaml, decision 0160): routes, prerender list, sitemap. */
    locales,
    /** The gallery's families and items, in order, for /data.json and the gallery pages. */
    gallery,
    /** The gallery in each language (decision 0171), by code: its families and products, the catalogue's words and `lang`, the valid records. */
    galleries,
    /** The company profile PDF of each language that has one, by code (decision 0188): its file and its own words; the rest is the company pages'. */
    companyProfiles,
    /** Certificate records: every one in the studio (the server's expiry reminders) and those valid on the build's day (the site). */
    certificates: { all: allCertificates, valid: certificates },
    /** The words of the catalogue, product pages, certificates and line sheets. */
    catalogue: catalogue!,
    /** Every page address the content makes, beside the fixed ones (app/content/page-paths.ts). */
    paths: {
      galleryFamilies: gallery.map((f) => galleryFamilyPath(f.slug)),
      galleryItems: gallery.flatMap((f) => f.items.map((i) => galleryItemPath(f.slug, i.slug))),
      jobs: jobs.jobs.flatMap((j) => [j.path, j.applyPath]),
    },
  };
}

/** The catalogue's page words without the line sheets' (no page shows them but in the links its loader words). */
function withoutLineSheets<W extends object>(words: W): W {
  const { lineSheets: _lineSheets, ...rest } = words as W & { lineSheets?: unknown };
  return rest as W;
}

export type SiteContent = Awaited<ReturnType<typeof readSiteContent>>;
export type ContentModules = SiteContent["modules"];
export type ContentModuleName = keyof ContentModules;
export type { OrgUnit } from "./company.server";
export { ContentError, contentDir } from "./entries.server";

/**
 * The head office's address as a document in `code` writes it (decisions 0181, 0188, 0194), for the
 * company profile's contact and the line sheets' letterhead: the street the postal names the office
 * writes, the default language's words, so marked with its `lang` in another language; then its
 * country in the language's words, marked where they are not the language's (the English name,
 * until the language's Company facts name it). A part's `lang` only where it is not `code`.
 */
export function headOfficeAddress(content: SiteContent, code: string): { text: string; lang?: string }[] {
  const { site, offices, messages } = content.modules;
  const head = offices.findIndex((o) => o.isHeadOffice);
  const country = messages[code]?.site.officeCountries[head];
  const besides = (lang: string | null | undefined) => (lang && lang !== code ? { lang } : {});
  return [
    { text: offices[head]?.street ?? site.headOffice.address, ...besides(content.locales[0]!.code) },
    ...(country ? [{ text: ", " }, { text: country.country, ...besides(country.lang) }] : []),
  ];
}

/**
 * The company's tagline as a document in `code` writes it (decision 0203): the language's (Company
 * facts' translation, decision 0169), or the default language's where it has none, then marked with
 * its `lang`. The line sheets' letterhead and, through the build's server settings, the quotation's.
 */
export function siteTagline(content: SiteContent, code: string): { text: string; lang?: string } {
  const words = content.modules.messages[code]?.site;
  const text = words?.tagline ?? content.modules.site.tagline;
  const lang = words ? words.lang : content.locales[0]!.code;
  return { text, ...(lang && lang !== code ? { lang } : {}) };
}

// One read per build: React Router's config, app/routes.ts and the Vite plugin are separate module
// instances in one process, so the shared copy lives on globalThis, by content folder and day.
const cacheKey = Symbol.for("ssl.siteContent");
type Cache = Map<string, Promise<SiteContent>>;
const cache = ((globalThis as Record<symbol, unknown>)[cacheKey] ??= new Map()) as Cache;

/** readSiteContent, shared by everything in this process that asks for the same folder and day. */
export function loadSiteContent(root = contentDir(), options: ReadOptions = {}): Promise<SiteContent> {
  const key = `${root}\0${options.today ?? isoDay()}\0${options.publicDir ?? ""}`;
  let content = cache.get(key);
  if (!content) {
    content = readSiteContent(root, options);
    // A failed read is not kept: the next ask (a fixed file, in dev) reads again.
    content.catch(() => cache.delete(key));
    cache.set(key, content);
  }
  return content;
}

/** After an edit (the dev server's watcher): the next load reads the files again. */
export function forgetSiteContent(): void {
  cache.clear();
}

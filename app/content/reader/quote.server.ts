import { join } from "node:path";
import countries from "i18n-iso-countries";
import { localizedPath } from "../../lib/contracts/locale-paths";
import { earliestDeliveryMonth } from "../../lib/contracts/quote";
import type { ReadingContext } from "./context.server";
import type { EntryOf, Singletons } from "./entries.server";
import type { GalleryFamilyEntry, LocalizedGalleryFamily } from "./gallery.server";
import type { EntryLang } from "./translations.server";
import { type CatalogueWords, specFacts } from "./products.server";
import { shortestLeadTimeDays } from "../../lib/contracts/products";

// The /quote form's words (content/quote.yaml, and content/quote/<code>.yaml in each other language:
// decision 0166), with what the form lists: every gallery product ({family}/{item}, grouped by
// family) and the ISO 3166 countries in the page's language, made here at build time so the page
// ships the names, never the country library (in Node the library's entry registers every locale
// itself).

/** A family as the form lists it: the English one, or one in a language with its and its products' `lang` (decision 0171). */
type ShownFamily = Omit<GalleryFamilyEntry, "items"> & { lang?: EntryLang; items: Array<GalleryFamilyEntry["items"][number] & { lang?: EntryLang }> };

/** The quote form's file: the English one, or a translation with the same fields (decision 0166). */
export type QuoteEntry = EntryOf<Singletons["quote"]>;

/**
 * `translations`: each other language's words by code (readWordsPerLanguage), `codes` the site's languages,
 * the default first. Each language gets the form's words (with the problems its checks name, the
 * loader's data of /quote), its result pages' words and its lists.
 */
export function readQuote(
  c: ReadingContext,
  gallery: GalleryFamilyEntry[],
  catalogue: CatalogueWords | null,
  {
    codes,
    translations,
    galleries = {},
  }: {
    codes: readonly string[];
    translations: Record<string, QuoteEntry>;
    /** The gallery and the catalogue's words in each language (decision 0171): the products' names in the page's language. */
    galleries?: Record<string, { families: LocalizedGalleryFamily[]; words: CatalogueWords; wordsLang: string | null }>;
  },
) {
  const english = c.entryOf("quote");
  const [defaultCode] = codes;
  const inLanguage = (code: string) =>
    code === defaultCode ? english : translations[code] && c.fill(c.shown(join(c.root, "quote", `${code}.yaml`)), translations[code]);
  // What the prerendered page says before the browser works out its own (the same until the month turns).
  const earliestMonthAtBuild = earliestDeliveryMonth(new Date(`${c.today}T00:00:00Z`));
  const locales = codes.map((code) => ({ code }));

  const quotes: Record<string, ReturnType<typeof formWords>> = {};
  const quoteResults: Record<string, ReturnType<typeof resultWords>> = {};
  const quoteChoices: Record<string, ReturnType<typeof choices>> = {};
  for (const code of codes) {
    const entry = inLanguage(code);
    if (!entry) continue;
    quotes[code] = formWords(entry, code);
    quoteResults[code] = resultWords(entry, code);
    quoteChoices[code] = choices(entry, code);
  }
  return { quotes, quoteResults, quoteChoices };

  // The form's words; the problem messages too (once JavaScript of their own): data of the page's
  // language, never another language's. `lang`: the words' language (Intl's numbers and months).
  function formWords(entry: QuoteEntry, code: string) {
    const { sent, notSent: _notSent, productTerms: _productTerms, ...words } = entry;
    return {
      ...words,
      // The form says the sent page's trial-order words under itself once a request below a minimum is sent (decision 0148).
      sentBelowMinimum: sent.belowMinimum,
      earliestMonthAtBuild,
      lang: code,
      // A month in the default language stays as the English words always wrote it (2027-01); in
      // another language Intl names it with these options (Januar 2027): data, not the page's code.
      monthFormat: code === defaultCode ? null : ({ month: "long", year: "numeric" } satisfies Intl.DateTimeFormatOptions),
    };
  }

  // /quote/sent and /quote/not-sent/{problem} in the language: their links lead to its pages.
  function resultWords(entry: QuoteEntry, code: string) {
    return {
      sent: { ...entry.sent, links: entry.sent.links.map((l) => ({ ...l, to: localizedPath(l.to, code, locales) })) },
      notSent: entry.notSent,
      problems: entry.problems,
    };
  }

  function choices(entry: QuoteEntry, code: string) {
    // Each product with its own minimum order and shortest lead time (decision 0078), which the form
    // checks, and both worded as its page says them, shown under the product once chosen.
    const shown = galleries[code];
    // No catalogue (its file missing or broken: a problem already, the build stops) words no terms.
    const words = catalogue && (shown?.words ?? catalogue);
    const termsText = (specs: GalleryFamilyEntry["items"][number]["specs"]) => {
      if (!words) return "";
      const facts = specFacts(specs, words, { code: shown?.wordsLang ?? code });
      const value = (key: string) => facts.find((f) => f.key === key)?.value ?? "";
      return entry.productTerms.replace("{moq}", value("moq")).replace("{leadTime}", value("leadTime"));
    };
    // A family's and a product's `lang` only where it is not the language around it (decision 0180):
    // a family's where it is not the page's, a product's where it is not its family's (an <option>
    // is read in its <optgroup>'s language). An untranslated product on a German page: "en".
    const langIn = (lang: EntryLang | undefined, around: string) => (lang && lang !== around ? { lang } : {});
    const families: ShownFamily[] = shown?.families ?? gallery;
    const productGroups = families.map((family) => ({
      label: family.label,
      ...langIn(family.lang, code),
      products: family.items.map((item) => ({
        ref: `${family.slug}/${item.slug}`,
        label: item.label,
        ...langIn(item.lang, family.lang ?? code),
        moq: item.specs.terms.moqPiecesPerColour,
        leadTimeDays: shortestLeadTimeDays(item.specs.terms),
        terms: termsText(item.specs),
      })),
    }));
    // The countries' names in the language (the library's English for a language it does not know).
    const names = countries.getNames(code, { select: "official" });
    const countryList = Object.entries(Object.keys(names).length ? names : countries.getNames("en", { select: "official" }))
      .map(([iso, name]) => ({ code: iso, name }))
      .sort((a, b) => a.name.localeCompare(b.name, code));
    return { productGroups, countries: countryList };
  }
}

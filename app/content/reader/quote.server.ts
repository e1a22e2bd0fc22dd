import countries from "i18n-iso-countries";
import { earliestDeliveryMonth } from "../../lib/contracts/quote";
import type { ReadingContext } from "./context.server";
import type { GalleryFamilyEntry } from "./gallery.server";
import { type CatalogueWords, specFacts } from "./products.server";
import { shortestLeadTimeDays } from "../../lib/contracts/products";

// The /quote form's words (content/quote.yaml), with what the form lists: every gallery product
// ({family}/{item}, grouped by family) and the ISO 3166 countries in English, made here at build
// time so the page ships the names, never the country library (in Node the library's entry
// registers every locale itself).

export function readQuote(c: ReadingContext, gallery: GalleryFamilyEntry[], catalogue: CatalogueWords | null) {
  const entry = c.entryOf("quote");
  // Each product with its own minimum order and shortest lead time (decision 0078), which the form
  // checks, and both worded as its page says them, shown under the product once chosen.
  const termsText = (specs: GalleryFamilyEntry["items"][number]["specs"]) => {
    if (!catalogue || !entry) return "";
    const facts = specFacts(specs, catalogue);
    const value = (key: string) => facts.find((f) => f.key === key)?.value ?? "";
    return entry.productTerms.replace("{moq}", value("moq")).replace("{leadTime}", value("leadTime"));
  };
  const productGroups = gallery.map((family) => ({
    label: family.label,
    products: family.items.map((item) => ({
      ref: `${family.slug}/${item.slug}`,
      label: item.label,
      moq: item.specs.terms.moqPiecesPerColour,
      leadTimeDays: shortestLeadTimeDays(item.specs.terms),
      terms: termsText(item.specs),
    })),
  }));
  const countryList = Object.entries(countries.getNames("en", { select: "official" }))
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => a.name.localeCompare(b.name, "en"));
  // What the prerendered page says before the browser works out its own (the same until the month turns).
  const earliestMonthAtBuild = earliestDeliveryMonth(new Date(`${c.today}T00:00:00Z`));
  const { problems, deliveryTooEarly, sent, notSent, productTerms: _productTerms, ...words } = entry!;
  // Four modules, so /quote's first load carries only its words: the problem messages come with the
  // checks after hydration, the result pages' words with those pages, and the two long lists
  // (countries, products) travel as the route's loader data, never as JavaScript.
  return {
    // The form says the sent page's trial-order words under itself once a request below a minimum is sent (decision 0148).
    quote: { ...words, sentBelowMinimum: sent.belowMinimum, earliestMonthAtBuild },
    quoteMessages: { problems, deliveryTooEarly },
    quoteResult: { sent, notSent },
    quoteChoices: { productGroups, countries: countryList },
  };
}

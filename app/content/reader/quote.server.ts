import countries from "i18n-iso-countries";
import { earliestDeliveryMonth } from "../../lib/contracts/quote";
import type { ReadingContext } from "./context.server";
import type { GalleryFamilyEntry } from "./gallery.server";

// The /quote form's words (content/quote.yaml), with what the form lists: every gallery product
// ({family}/{item}, grouped by family) and the ISO 3166 countries in English, made here at build
// time so the page ships the names, never the country library (in Node the library's entry
// registers every locale itself).

export function readQuote(c: ReadingContext, gallery: GalleryFamilyEntry[]) {
  const entry = c.entryOf("quote");
  const productGroups = gallery.map((family) => ({
    label: family.label,
    products: family.items.map((item) => ({ ref: `${family.slug}/${item.slug}`, label: item.label })),
  }));
  const countryList = Object.entries(countries.getNames("en", { select: "official" }))
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => a.name.localeCompare(b.name, "en"));
  // What the prerendered page says before the browser works out its own (the same until the month turns).
  const earliestMonthAtBuild = earliestDeliveryMonth(new Date(`${c.today}T00:00:00Z`));
  const { problems, belowMoq, deliveryTooEarly, sent, notSent, ...words } = entry!;
  // Four modules, so /quote's first load carries only its words: the problem messages come with the
  // checks after hydration, the result pages' words with those pages, and the two long lists
  // (countries, products) travel as the route's loader data, never as JavaScript.
  return {
    quote: { ...words, earliestMonthAtBuild },
    quoteMessages: { problems, belowMoq, deliveryTooEarly },
    quoteResult: { sent, notSent },
    quoteChoices: { productGroups, countries: countryList },
  };
}

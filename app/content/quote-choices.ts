import data from "virtual:content/quoteChoices";
import { inLanguage } from "./locales";
import type { ContentModules } from "./reader/site-content.server";

// What the quote form lets a buyer choose, per language: every gallery product ({family}/{item},
// grouped by family) and the ISO 3166 countries named in the language. Imported only by /quote's
// loader (build time), so the lists reach the browser once, as the page's loader data, and never
// as JavaScript.
export type QuoteChoices = ContentModules["quoteChoices"][string];
const choices = data as ContentModules["quoteChoices"];

/** The lists in a language by its code (none or an unknown one: the default language's). */
export function quoteChoicesIn(code: string | undefined): QuoteChoices {
  return inLanguage(choices, code);
}

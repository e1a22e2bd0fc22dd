import data from "virtual:content/quotes";
import { inLanguage } from "./locales";
import type { ContentModules } from "./reader/site-content.server";

// The /quote form's words, its terms box and the problems its checks name, per language
// (content/quote.yaml, content/quote/<code>.yaml: decision 0166). Only /quote's loader imports it
// (build time): a page gets its own language's words as loader data, never as JavaScript. The
// result pages' words (quote-result.ts) and the product and country lists (quote-choices.ts) are
// modules of their own.
export type QuoteContent = ContentModules["quotes"][string];
const quotes = data as ContentModules["quotes"];

/** The form's words in a language by its code (the address's prefix; none or an unknown one: the default language's). */
export function quoteIn(code: string | undefined): QuoteContent {
  return inLanguage(quotes, code);
}

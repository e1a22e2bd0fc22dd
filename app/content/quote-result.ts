import data from "virtual:content/quoteResults";
import { inLanguage } from "./locales";
import type { ContentModules } from "./reader/site-content.server";

// The words of /quote/sent and /quote/not-sent/{problem} per language (content/quote.yaml,
// content/quote/<code>.yaml: decision 0166). Only those routes' build-time loaders import it.
export type QuoteResultContent = ContentModules["quoteResults"][string];
const results = data as ContentModules["quoteResults"];

/** The result pages' words in a language by its code (none or an unknown one: the default language's). */
export function quoteResultIn(code: string | undefined): QuoteResultContent {
  return inLanguage(results, code);
}

import data from "virtual:content/companyPages";
import { inLanguage } from "./locales";
import type { ContentModules } from "./reader/site-content.server";

// The company pages in each language (decision 0170): about, the MD's message, compliance, goals,
// organogram, services, quality and the strengths page's heading, each its translation's words over
// the English file (content/company/<code>/<page>) or the English file, with its `lang` (null: the
// page's own). Only the company routes' build-time loaders import it: a page gets its own
// language's words as loader data, never another's.
export type CompanyPages = ContentModules["companyPages"][string];
const pages = data as ContentModules["companyPages"];

/** The company pages' words in a language by its code (the address's prefix; none or an unknown one: the default language's). */
export function companyPagesIn(code: string | undefined): CompanyPages {
  return inLanguage(pages, code);
}

import data from "virtual:content/homeSections";
import { inLanguage } from "./locales";
import type { ContentModules } from "./reader/site-content.server";

// The home page's sections in each language (decision 0169): content/home/<section>.yaml in English,
// each translated section's content/home/<code>/<section>.yaml over it; `lang` says in which
// language a section is shown (null: the page's own). Only the home route's build-time loader
// imports it: a page gets its own language's sections as loader data, never another's.
export type HomeSections = ContentModules["homeSections"][string];
const sections = data as ContentModules["homeSections"];

/** The home page's sections in a language by its code (none or an unknown one: the default language's). */
export function homeSectionsIn(code: string | undefined): HomeSections {
  return inLanguage(sections, code)!;
}

import data from "virtual:content/faqs";
import { inLanguage } from "./locales";
import type { ContentModules } from "./reader/site-content.server";

// /faq in each language (decision 0165): content/faq/ and content/faq.yaml in English, each
// translation's content/faq/<code>/ and content/faq/<code>.yaml over it, entry by entry; each entry's
// `lang` says which language it is shown in (null: the page's own). Only the FAQ route's build-time
// loader imports it: a page gets its own language's FAQ as loader data, never another's.
export type LocalizedFaq = ContentModules["faqs"][string];
export type LocalizedFaqEntry = LocalizedFaq["entries"][number];
const faqs = data as ContentModules["faqs"];

/** The FAQ in a language by its code (the address's prefix; none or an unknown one: the default language's). */
export function faqIn(code: string | undefined): LocalizedFaq {
  return inLanguage(faqs, code);
}

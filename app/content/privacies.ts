import data from "virtual:content/privacies";
import { inLanguage } from "./locales";
import type { ContentModules } from "./reader/site-content.server";

// /privacy in each language (decision 0168): content/privacy.yaml in English, content/privacy/<code>.yaml
// where the notice is translated, with that language's form labels and date; `lang` says in which
// language it is shown (null: the page's own). Only the privacy route's build-time loader imports
// it: a page gets its own language's notice as loader data, never another's.
export type LocalizedPrivacy = ContentModules["privacies"][string];
const privacies = data as ContentModules["privacies"];

/** The privacy notice in a language by its code (the address's prefix; none or an unknown one: the default language's). */
export function privacyIn(code: string | undefined): LocalizedPrivacy {
  return inLanguage(privacies, code);
}

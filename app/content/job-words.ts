import data from "virtual:content/jobWords";
import { inLanguage } from "./locales";
import type { ContentModules } from "./reader/site-content.server";

// The job pages' words in a language (decision 0167): content/jobs.yaml in English, a translation's
// content/jobs/<code>.yaml over it (or the English words, marked with their `lang`), and each open
// job's facts (employment type, last day to apply, salary, search description) in that language's
// words and formats. Only the career routes' build-time loaders import it, beside the jobs in the
// page's language (app/content/localized-jobs.ts, decision 0168): a page gets its own language's
// words as loader data, never another's, none as JavaScript, none on other pages.
export type JobWords = ContentModules["jobWords"][string];
const words = data as ContentModules["jobWords"];

/** The job pages' words in a language by its code (none or an unknown one: the default language's). */
export function jobWordsIn(code: string | undefined): JobWords {
  return inLanguage(words, code);
}

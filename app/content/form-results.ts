import data from "virtual:content/formResults";
import { inLanguage } from "./locales";
import type { ContentModules } from "./reader/site-content.server";

// The pages a visitor sees after sending the contact or career form before (or without) JavaScript:
// /contact/sent, /career/sent and /{form}/not-sent/{problem}, per language (content/form-results.yaml,
// content/form-results/<code>.yaml: decision 0166). Only those routes' build-time loaders import it.
// The e-mail address shown beside them is the head office's.
export type FormResultsContent = ContentModules["formResults"][string];
const results = data as ContentModules["formResults"];

/** The result pages' words in a language by its code (none or an unknown one: the default language's). */
export function formResultsIn(code: string | undefined): FormResultsContent {
  return inLanguage(results, code);
}

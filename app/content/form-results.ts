import data from "virtual:content/formResults";
import type { ContentModules } from "./reader/site-content.server";

// The pages a visitor sees after sending the contact or career form before (or without) JavaScript:
// /contact/sent, /career/sent and /{form}/not-sent/{problem} (content/form-results.yaml). The
// e-mail address shown beside them is the head office's.
export type FormResultsContent = ContentModules["formResults"];
export const formResults = data as FormResultsContent;

import data from "virtual:content/addToQuoteLabels";
import type { ContentModules } from "./reader/site-content.server";

// Words of the "Add to quote request" control (content/labels.yaml, group addToQuote): only the
// gallery pages that show the control load them.
export type AddToQuoteLabels = ContentModules["addToQuoteLabels"];
export const addToQuoteLabels = data as AddToQuoteLabels;

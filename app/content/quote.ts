import data from "virtual:content/quote";
import type { ContentModules } from "./reader/site-content.server";

// The /quote form's words and its terms box (content/quote.yaml). Only /quote's loader imports it
// (build time): the page gets it as loader data, not as JavaScript. The problem messages
// (quote-messages.ts), the result pages' words (quote-result.ts) and the product and country lists
// (quote-choices.ts) are modules of their own.
export type QuoteContent = ContentModules["quote"];
export const quote = data as QuoteContent;

import data from "virtual:content/quoteMessages";
import type { ContentModules } from "./reader/site-content.server";

// What the quote form and /quote/not-sent/{problem} say about each problem (content/quote.yaml).
// The form loads it with its checks, after hydration: it is needed only once something is wrong.
export type QuoteMessages = ContentModules["quoteMessages"];
export const quoteMessages = data as QuoteMessages;

import data from "virtual:content/quoteResult";
import type { ContentModules } from "./reader/site-content.server";

// The words of /quote/sent and /quote/not-sent/{problem} (content/quote.yaml).
export type QuoteResultContent = ContentModules["quoteResult"];
export const quoteResult = data as QuoteResultContent;

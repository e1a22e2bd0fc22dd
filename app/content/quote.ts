import data from "virtual:content/quote";
import type { ContentModules } from "./reader/site-content.server";

// The /quote form, its terms box and its result pages (content/quote.yaml), with the product and
// country lists the build makes (reader/quote.server.ts). Only the quote pages import it.
export type QuoteContent = ContentModules["quote"];
export const quote = data as QuoteContent;

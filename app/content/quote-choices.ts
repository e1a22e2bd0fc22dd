import data from "virtual:content/quoteChoices";
import type { ContentModules } from "./reader/site-content.server";

// What the quote form lets a buyer choose: every gallery product ({family}/{item}, grouped by
// family) and the ISO 3166 countries. Imported only by /quote's loader (build time), so the lists
// reach the browser once, as the page's loader data, and never as JavaScript.
export type QuoteChoices = ContentModules["quoteChoices"];
export const quoteChoices = data as QuoteChoices;

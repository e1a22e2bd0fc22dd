import data from "virtual:content/site";
import type { ContentModules } from "./reader/site-content.server";

// The company's facts: content/site.yaml, with the head office's address, e-mail and phone from
// content/offices/ (its entry marked head office).
export type Site = ContentModules["site"];
export const site = data as Site;

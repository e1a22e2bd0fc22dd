import data from "virtual:content/catalogueLabels";
import type { ContentModules } from "./reader/site-content.server";

// The catalogue's filter words (content/gallery/catalogue.yaml, group "filter"): only /gallery loads them.
export type CatalogueLabels = ContentModules["catalogueLabels"];
export const catalogueLabels = data as CatalogueLabels;

import data from "virtual:content/productLabels";
import type { ContentModules } from "./reader/site-content.server";

// A product page's headings (content/gallery/catalogue.yaml, group "specs"): only item pages load them.
export type ProductLabels = ContentModules["productLabels"];
export const productLabels = data as ProductLabels;

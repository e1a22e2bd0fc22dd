import data from "virtual:content/categoryShares";
import type { ContentModules } from "./reader/site-content.server";

// Share of business per product category, the home page bar chart:
// content/category-shares/<category>.yaml.
export type CategoryShare = ContentModules["categoryShares"][number];
export const categoryShares = data as CategoryShare[];

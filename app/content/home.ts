import data from "virtual:content/home";
import type { ContentModules } from "./reader/site-content.server";

// Every text and media path of the home page that is not a list of its own: one file per section
// in content/home/ (certificates, category-shares, values, concept, strengths and team have theirs).
export type HomeContent = ContentModules["home"];
export const home = data as HomeContent;

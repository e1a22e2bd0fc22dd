import data from "virtual:content/about";
import type { ContentModules } from "./reader/site-content.server";

// /our-company/aboutus and the first page of the company profile PDF: content/company/about.mdoc.
export type About = ContentModules["about"];
export const about = data as About;

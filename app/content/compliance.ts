import data from "virtual:content/compliance";
import type { ContentModules } from "./reader/site-content.server";

// /our-company/compliance: content/company/compliance.yaml.
export type Compliance = ContentModules["compliance"];
export const compliance = data as Compliance;

import data from "virtual:content/career";
import type { ContentModules } from "./reader/site-content.server";

// The /career page's application form: content/career.yaml.
export type CareerContent = ContentModules["career"];
export const career = data as CareerContent;

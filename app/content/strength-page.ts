import data from "virtual:content/strengthPage";
import type { ContentModules } from "./reader/site-content.server";

// /our-company/strength beyond the list itself: content/company/strength.yaml.
export type StrengthPage = ContentModules["strengthPage"];
export const strengthPage = data as StrengthPage;

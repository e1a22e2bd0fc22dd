import data from "virtual:content/organization";
import type { ContentModules, OrgUnit } from "./reader/site-content.server";

// /our-company/organogram: content/company/organization.yaml. Each unit is a box in the chart;
// children report to it.
export type { OrgUnit };
export type Organization = ContentModules["organization"];
export const organization = data as Organization;

import data from "virtual:content/offices";
import type { ContentModules } from "./reader/site-content.server";

// Footer offices, in Position order: content/offices/<country>.yaml.
export type Office = ContentModules["offices"][number];
export const offices = data as Office[];

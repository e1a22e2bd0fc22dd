import data from "virtual:content/goals";
import type { ContentModules } from "./reader/site-content.server";

// /our-company/goal: content/company/goals.yaml.
export type Goals = ContentModules["goals"];
export const goals = data as Goals;

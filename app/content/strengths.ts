import data from "virtual:content/strengths";
import type { ContentModules } from "./reader/site-content.server";

// The nine strengths, home page and /our-company/strength: content/strengths/<id>.yaml.
export type Strength = ContentModules["strengths"][number];
export const strengths = data as Strength[];

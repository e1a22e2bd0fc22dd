import data from "virtual:content/mission";
import type { ContentModules } from "./reader/site-content.server";

// /our-company/mission: content/company/mission.yaml.
export type Mission = ContentModules["mission"];
export const mission = data as Mission;

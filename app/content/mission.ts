import data from "virtual:content/missions";
import { inLanguage } from "./locales";
import type { ContentModules } from "./reader/site-content.server";

// /our-company/mission in each language (decision 0169): content/company/mission.yaml in English,
// content/company/<code>/mission.yaml's words over it where it is translated; `lang` says in which
// language it is shown (null: the page's own). Only the mission route's build-time loader imports
// it: a page gets its own language's words as loader data, never another's.
export type Mission = ContentModules["missions"][string];
const missions = data as ContentModules["missions"];

/** The mission page's words in a language by its code (the address's prefix; none or an unknown one: the default language's). */
export function missionIn(code: string | undefined): Mission {
  return inLanguage(missions, code)!;
}

import data from "virtual:content/team";
import type { ContentModules } from "./reader/site-content.server";

// The six team members: content/team/<name>.yaml.
export type TeamMember = ContentModules["team"][number];
export const team = data as TeamMember[];

import data from "virtual:content/teamCardLabels";
import type { ContentModules } from "./reader/site-content.server";

// Words of the star rating of a team card (content/labels.yaml), in their own module so only pages showing them load them.
export type TeamCardLabels = ContentModules["teamCardLabels"];
export const teamCardLabels = data as TeamCardLabels;

import data from "virtual:content/jobList";
import type { ContentModules } from "./reader/read-content";

// What /career lists of each open opening, and the titles the apply pages fill in (no descriptions).
export type JobSummary = ContentModules["jobList"][number];
export const jobList = data as JobSummary[];

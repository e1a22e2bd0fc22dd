import data from "virtual:content/jobList";
import type { ContentModules } from "./reader/site-content.server";

// The words of /career's list of open positions (content/jobs.yaml); the open jobs themselves reach
// /career as its loader's data in the page's language (app/content/localized-jobs.ts, decision 0168).
export type JobList = ContentModules["jobList"];
export const jobList = data as JobList;

import data from "virtual:content/jobList";
import type { ContentModules } from "./reader/site-content.server";

// /career's list of open positions (content/jobs/, expired ones left out at build) with its words
// (content/jobs.yaml), and the titles the apply pages fill in. No descriptions: those are on the job pages.
export type JobList = ContentModules["jobList"];
export type JobSummary = JobList["jobs"][number];
export const jobList = data as JobList;

import data from "virtual:content/jobsPage";
import type { ContentModules } from "./reader/site-content.server";

// Words of the job pages and their apply pages: content/jobs.yaml (the list on /career has its own, in job-list.ts).
export type JobsPage = ContentModules["jobsPage"];
export const jobsPage = data as JobsPage;

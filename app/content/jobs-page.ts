import data from "virtual:content/jobsPage";
import type { ContentModules } from "./reader/read-content";

// Words around the openings on /career, the job pages and their apply pages: content/jobs.yaml.
export type JobsPage = ContentModules["jobsPage"];
export const jobsPage = data as JobsPage;

import data from "virtual:content/localizedJobs";
import { inLanguage } from "./locales";
import { jobSummary } from "./reader/jobs";
import type { ContentModules } from "./reader/site-content.server";

// The open jobs in each language (decision 0168): content/jobs/ in English, each translation's
// content/jobs/<code>/ over it, job by job; each job's `lang` says which language it is shown in
// (null: the page's own). Only the job routes' build-time loaders import it: a page gets its own
// language's jobs as loader data, never another's.
export type LocalizedJob = ContentModules["localizedJobs"][string][number];
const jobs = data as ContentModules["localizedJobs"];

/** The open jobs in a language by its code (the address's prefix; none or an unknown one: the default language's). */
export function jobsIn(code: string | undefined): LocalizedJob[] {
  return inLanguage(jobs, code) ?? [];
}

/** /career's list of a language's open jobs: what the list shows of each, with its `lang`. */
export const jobSummariesIn = (code: string | undefined) => jobsIn(code).map((job) => ({ ...jobSummary(job), lang: job.lang }));
export type LocalizedJobSummary = ReturnType<typeof jobSummariesIn>[number];

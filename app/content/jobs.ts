import data from "virtual:content/jobs";
import type { ContentModules } from "./reader/site-content.server";

// The open job openings, in full (the job pages): content/jobs/<slug>.mdoc, expired ones left out at build.
export type Job = ContentModules["jobs"][number];
export const jobs = data as Job[];

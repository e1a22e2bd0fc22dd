import type { ReadingContext } from "./context.server";
import { type JobFile, jobSummary, shapeJobs } from "./jobs";

// Job openings (content/jobs/<slug>.mdoc, content/jobs.yaml): checked, the expired ones left out
// (the build's date decides).

export function readJobOpenings(c: ReadingContext) {
  const texts = c.entryOf("jobsPage");
  const files = c.list("jobs").map(({ slug, file, entry: { description, ...fields } }): JobFile => ({
    ...c.fill(file, fields),
    slug,
    file,
    description: c.rich(file, "description", description),
  }));
  const jobs = texts ? shapeJobs(files, texts, c.today, (p) => c.problems.push(p)) : [];
  if (!texts) return { jobs, jobList: null! };

  return {
    jobs,
    // /career carries only what its list shows. The words of content/jobs.yaml reach the career pages
    // in their language as the root's data (page-words.server.ts, decision 0167).
    jobList: { jobs: jobs.map(jobSummary) },
  };
}

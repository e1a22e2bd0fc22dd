import type { ReadingContext } from "./context.server";
import { factLabels, type JobFile, jobSummary, shapeJobs } from "./jobs";

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
  if (!texts) return { jobs, jobList: null!, jobsPage: null! };

  return {
    jobs,
    // /career carries only what its list shows; the job and apply pages the rest of content/jobs.yaml.
    jobList: {
      heading: texts.heading,
      // Shipped only when it is shown.
      noOpenings: jobs.length ? null : texts.noOpenings,
      labels: factLabels(texts),
      jobs: jobs.map(jobSummary),
    },
    jobsPage: (({ descriptionHeading, apply, applyHeading, applyIntro, backToJob, applyDescription }) => ({
      descriptionHeading,
      apply,
      applyHeading,
      applyIntro,
      backToJob,
      applyDescription,
      labels: factLabels(texts),
    }))(texts),
  };
}

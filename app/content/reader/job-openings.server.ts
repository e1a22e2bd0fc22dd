import type { ReadingContext } from "./context.server";
import { type Job, type JobFile, shapeJobs } from "./jobs";
import { entriesPerLanguage } from "./translations.server";

// Job openings (content/jobs/<slug>.mdoc, content/jobs.yaml): checked, the expired ones left out
// (the build's date decides).

export function readJobOpenings(c: ReadingContext, codes: readonly string[] = []) {
  const texts = c.entryOf("jobsPage");
  const files = c.list("jobs").map(({ slug, file, entry: { description, ...fields } }): JobFile => ({
    ...c.fill(file, fields),
    slug,
    file,
    description: c.rich(file, "description", description),
  }));
  const jobs = texts ? shapeJobs(files, texts, c.today, (p) => c.problems.push(p)) : [];
  if (!texts) return { jobs, localizedJobs: {} as Record<string, LocalizedJob[]> };

  return {
    jobs,
    // The jobs reach /career, the job and apply pages as loader data in the page's language (decision
    // 0168); content/jobs.yaml's words with them, per language (page-words.server.ts, decision 0167).
    localizedJobs: localizedJobs(c, codes, jobs),
  };
}

/** A shown job: `lang` says in which language its words are (null: the page's own, decision 0168). */
export type LocalizedJob = Job & { lang: string | null };

/**
 * The open jobs in each language (decision 0168): a job's translation (content/jobs/<code>/<slug>.mdoc)
 * gives its title, department, country and description; its dates, city, type and salary, its
 * address and its search description stay the English entry's.
 */
function localizedJobs(c: ReadingContext, codes: readonly string[], jobs: readonly Job[]): Record<string, LocalizedJob[]> {
  return entriesPerLanguage(c, codes, "jobs", jobs, (job, lang, translation): LocalizedJob => {
    if (!translation) return { ...job, lang };
    const { description, ...fields } = translation.entry;
    const words = c.fill(translation.file, fields) as { title: string; department: string; location: { country: string } };
    return {
      ...job,
      title: words.title,
      department: words.department,
      location: { ...job.location, country: words.location.country, text: `${job.location.city}, ${words.location.country}` },
      description: c.rich(translation.file, "description", description),
      lang,
    };
  });
}

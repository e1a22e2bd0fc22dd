import { Link } from "react-router";
import type { JobWords } from "~/content/job-words";
import type { LocalizedJobSummary } from "~/content/localized-jobs";
import { useLocalizedPath } from "~/lib/locale";
import { JobFacts } from "./job-facts";

export type JobListProps = {
  /** The open jobs in the page's language, each with its `lang` (the route's loader data, decision 0168). */
  jobs: LocalizedJobSummary[];
  /** The words around the openings and each opening's worded facts, in the page's language (decision 0167). */
  words: JobWords;
};

/** /career: the open positions, each linking to its page; with none open, the text saying so. */
export function JobList({ jobs, words }: JobListProps) {
  const localize = useLocalizedPath();
  const lang = words.lang ?? undefined;
  return (
    <section aria-labelledby="open-positions" className="mx-auto max-w-3xl px-4 pt-12">
      <h2 id="open-positions" lang={lang} className="text-2xl font-bold tracking-tight text-brand-900 md:text-3xl">
        {words.heading}
      </h2>
      {jobs.length === 0 ? (
        <p lang={lang} className="mt-3 text-lg text-ink-700">
          {words.noOpenings}
        </p>
      ) : (
        <ul className="mt-4 grid gap-4">
          {jobs.map((job) => {
            const facts = words.facts[job.slug];
            return (
              <li key={job.slug} className="rounded-lg border border-ink-200 bg-white p-5 shadow-sm">
                <h3 lang={job.lang ?? undefined} className="text-xl font-bold text-brand-800">
                  <Link to={localize(job.path)} className="underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-brand-500">
                    {job.title}
                  </Link>
                </h3>
                <JobFacts
                  labels={words.labels}
                  lang={lang}
                  wordsLang={job.lang}
                  className="mt-2"
                  department={job.department}
                  location={job.location}
                  employmentType={facts?.employmentType ?? job.employmentTypeText}
                  validThrough={{ day: job.validThrough, text: facts?.validThrough ?? job.validThroughText }}
                />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

import { Link } from "react-router";
import type { JobList as JobListContent } from "~/content/job-list";
import type { LocalizedJobSummary } from "~/content/localized-jobs";
import { JobFacts } from "./job-facts";

/** The list's words, and the open jobs in the page's language, each with its `lang` (the route's loader data, decision 0168). */
export type JobListProps = { list: JobListContent & { jobs: LocalizedJobSummary[] } };

/** /career: the open positions, each linking to its page; with none open, the text saying so. */
export function JobList({ list: { heading, noOpenings, labels, jobs } }: JobListProps) {
  return (
    <section aria-labelledby="open-positions" className="mx-auto max-w-3xl px-4 pt-12">
      <h2 id="open-positions" className="text-2xl font-bold tracking-tight text-brand-900 md:text-3xl">
        {heading}
      </h2>
      {jobs.length === 0 ? (
        <p className="mt-3 text-lg text-ink-700">{noOpenings}</p>
      ) : (
        <ul className="mt-4 grid gap-4">
          {jobs.map((job) => (
            <li key={job.slug} className="rounded-lg border border-ink-200 bg-white p-5 shadow-sm">
              <h3 lang={job.lang ?? undefined} className="text-xl font-bold text-brand-800">
                <Link to={job.path} className="underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-brand-500">
                  {job.title}
                </Link>
              </h3>
              <JobFacts
                labels={labels}
                wordsLang={job.lang}
                className="mt-2"
                department={job.department}
                location={job.location}
                employmentType={job.employmentTypeText}
                validThrough={{ day: job.validThrough, text: job.validThroughText }}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import { Link } from "react-router";
import { JsonLd } from "~/components/json-ld/json-ld";
import { RichText } from "~/components/rich-text/rich-text";
import type { JobWords } from "~/content/job-words";
import type { Job } from "~/content/jobs";
import { useLocalizedPath } from "~/lib/locale";
import { JobFacts } from "./job-facts";
import { jobPostingJsonLd } from "./job-posting-json-ld";

export type JobDetailsProps = {
  /** The job in the page's language; `lang` where its words are not (decision 0168: the route's loader gives it). */
  job: Job & { lang?: string | null };
  /** The job pages' words and this opening's worded facts, in the page's language (decision 0167). */
  words: JobWords;
};

/** A job's page below its banner: the facts, the description and the link to apply (a plain link: works without JavaScript). */
export function JobDetails({ job, words }: JobDetailsProps) {
  const localize = useLocalizedPath();
  const lang = words.lang ?? undefined;
  const facts = words.facts[job.slug];
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <JsonLd data={jobPostingJsonLd({ ...job, path: localize(job.path) })} />
      <JobFacts
        labels={words.labels}
        lang={lang}
        wordsLang={job.lang}
        department={job.department}
        location={job.location.text}
        employmentType={facts?.employmentType ?? job.employmentTypeText}
        validThrough={{ day: job.validThrough, text: facts?.validThrough ?? job.validThroughText }}
        salary={facts?.salary ?? job.salary?.text}
      />
      <section aria-labelledby="job-description" className="mt-8">
        <h2 id="job-description" lang={lang} className="text-2xl font-bold tracking-tight text-brand-900">
          {words.descriptionHeading}
        </h2>
        <div lang={job.lang ?? undefined}>
          <RichText nodes={job.description} classNames={{ p: "mt-4 text-lg leading-relaxed text-ink-800", ul: "mt-3 list-disc pl-6 text-lg text-ink-800" }} />
        </div>
      </section>
      {/* Styled as a button, but not the forms' module: the job page loads no form code. */}
      <Link
        to={localize(job.applyPath)}
        lang={lang}
        className="mt-8 inline-flex min-h-11 items-center rounded-md bg-brand-700 px-6 py-2 font-semibold text-white shadow hover:bg-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-500"
      >
        {words.apply}
      </Link>
    </div>
  );
}

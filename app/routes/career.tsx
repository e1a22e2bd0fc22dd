import { useLoaderData } from "react-router";
import { PageShell } from "~/components/page-banner/page-shell";
import { jobWordsIn } from "~/content/job-words";
import { jobSummariesIn } from "~/content/localized-jobs";
import { CareerForm } from "~/features/forms";
import { JobList } from "~/features/jobs/job-list";
import { type MetaArgs, pageMeta } from "~/lib/seo";

export const meta = (args: MetaArgs) => pageMeta("career", args);

// Build time only (the page is prerendered): the open jobs in the page's language, each with its
// `lang` (decision 0168), and the list's words and each opening's worded facts in that language
// (decision 0167) travel as its loader data, so a page carries its own language's words.
export function loader({ params }: { params: { lang?: string } }) {
  return { jobs: jobSummariesIn(params.lang), words: jobWordsIn(params.lang) };
}

export default function CareerPage() {
  const { jobs, words } = useLoaderData<typeof loader>();
  return (
    <PageShell page="career">
      <JobList jobs={jobs} words={words} />
      <div className="mx-auto max-w-3xl px-4 py-12">
        <CareerForm headingLevel={2} />
      </div>
    </PageShell>
  );
}

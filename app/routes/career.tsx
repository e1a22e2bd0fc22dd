import { useLoaderData } from "react-router";
import { PageShell } from "~/components/page-banner/page-shell";
import { jobList } from "~/content/job-list";
import { jobSummariesIn } from "~/content/localized-jobs";
import { CareerForm } from "~/features/forms";
import { JobList } from "~/features/jobs/job-list";
import { type MetaArgs, pageMeta } from "~/lib/seo";

export const meta = (args: MetaArgs) => pageMeta("career", args);

// Build time only (the page is prerendered): the open jobs in the page's language travel as its
// loader data (decision 0168), each with its `lang`, so a page carries its own language's titles.
export function loader({ params }: { params: { lang?: string } }) {
  return { jobs: jobSummariesIn(params.lang) };
}

export default function CareerPage() {
  const { jobs } = useLoaderData<typeof loader>();
  return (
    <PageShell page="career">
      <JobList list={{ ...jobList, jobs }} />
      <div className="mx-auto max-w-3xl px-4 py-12">
        <CareerForm headingLevel={2} />
      </div>
    </PageShell>
  );
}

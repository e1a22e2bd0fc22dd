import { PageShell } from "~/components/page-banner/page-shell";
import { jobList } from "~/content/job-list";
import { CareerForm } from "~/features/forms";
import { JobList } from "~/features/jobs/job-list";
import { type MetaArgs, pageMeta } from "~/lib/seo";

export const meta = (args: MetaArgs) => pageMeta("career", args);

export default function CareerPage() {
  return (
    <PageShell page="career">
      <JobList list={jobList} />
      <div className="mx-auto max-w-3xl px-4 py-12">
        <CareerForm headingLevel={2} />
      </div>
    </PageShell>
  );
}

import { PageShell } from "~/components/page-banner/page-shell";
import { jobList } from "~/content/job-list";
import { pages } from "~/content/pages";
import { CareerForm } from "~/features/forms";
import { JobList } from "~/features/jobs/job-list";
import { type MetaLocation, pageMeta } from "~/lib/seo";

export const meta = ({ location }: MetaLocation) => pageMeta(pages.career, location);

export default function CareerPage() {
  return (
    <PageShell page={pages.career}>
      <JobList list={jobList} />
      <div className="mx-auto max-w-3xl px-4 py-12">
        <CareerForm headingLevel={2} />
      </div>
    </PageShell>
  );
}

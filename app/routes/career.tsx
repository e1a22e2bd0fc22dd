import { PageShell } from "~/components/page-banner/page-shell";
import { jobList } from "~/content/job-list";
import { useJobWords } from "~/content/job-words";
import { CareerForm } from "~/features/forms";
import { JobList } from "~/features/jobs/job-list";
import { type MetaArgs, pageMeta } from "~/lib/seo";

export const meta = (args: MetaArgs) => pageMeta("career", args);

export default function CareerPage() {
  // The list's words and each opening's worded facts in the page's language (root data, decision 0167).
  const words = useJobWords();
  return (
    <PageShell page="career">
      {words && <JobList list={jobList} words={words} />}
      <div className="mx-auto max-w-3xl px-4 py-12">
        <CareerForm headingLevel={2} />
      </div>
    </PageShell>
  );
}

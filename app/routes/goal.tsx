import { PageShell } from "~/components/page-banner/page-shell";
import { pages } from "~/content/pages";
import { GoalsAndValues } from "~/features/company/goals-and-values";
import { type MetaLocation, pageMeta } from "~/lib/seo";

export const meta = ({ location }: MetaLocation) => pageMeta(pages.goal, location);

export default function GoalPage() {
  return (
    <PageShell page={pages.goal}>
      <GoalsAndValues />
    </PageShell>
  );
}

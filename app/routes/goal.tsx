import { PageShell } from "~/components/page-banner/page-shell";
import { pages } from "~/content/pages";
import { GoalsAndValues } from "~/features/company/goals-and-values";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta(pages.goal);

export default function GoalPage() {
  return (
    <PageShell page={pages.goal}>
      <GoalsAndValues />
    </PageShell>
  );
}

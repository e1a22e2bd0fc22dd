import { PageShell } from "~/components/page-banner/page-shell";
import { GoalsAndValues } from "~/features/company/goals-and-values";
import { type MetaArgs, pageMeta } from "~/lib/seo";

export const meta = (args: MetaArgs) => pageMeta("goal", args);

export default function GoalPage() {
  return (
    <PageShell page="goal">
      <GoalsAndValues />
    </PageShell>
  );
}

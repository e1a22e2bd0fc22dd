import { PageShell } from "~/components/page-banner/page-shell";
import { pages } from "~/content/pages";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta(pages.goal);

export default function GoalPage() {
  return <PageShell page={pages.goal} />;
}

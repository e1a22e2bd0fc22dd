import { PageShell } from "~/components/page-banner/page-shell";
import { pages } from "~/content/pages";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta(pages.career);

export default function CareerPage() {
  return <PageShell page={pages.career} />;
}

import { PageShell } from "~/components/page-banner/page-shell";
import { pages } from "~/content/pages";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta(pages.organogram);

export default function OrganogramPage() {
  return <PageShell page={pages.organogram} />;
}

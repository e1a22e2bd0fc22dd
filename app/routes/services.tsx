import { PageShell } from "~/components/page-banner/page-shell";
import { pages } from "~/content/pages";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta(pages.services);

export default function ServicesPage() {
  return <PageShell page={pages.services} />;
}

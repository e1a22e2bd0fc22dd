import { PageShell } from "~/components/page-banner/page-shell";
import { pages } from "~/content/pages";
import { ServicesOverview } from "~/features/company/services-overview";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta(pages.services);

export default function ServicesPage() {
  return (
    <PageShell page={pages.services}>
      <ServicesOverview />
    </PageShell>
  );
}

import { PageShell } from "~/components/page-banner/page-shell";
import { pages } from "~/content/pages";
import { ServicesOverview } from "~/features/company/services-overview";
import { type MetaLocation, pageMeta } from "~/lib/seo";

export const meta = ({ location }: MetaLocation) => pageMeta(pages.services, location);

export default function ServicesPage() {
  return (
    <PageShell page={pages.services}>
      <ServicesOverview />
    </PageShell>
  );
}

import { PageShell } from "~/components/page-banner/page-shell";
import { ServicesOverview } from "~/features/company/services-overview";
import { type MetaArgs, pageMeta } from "~/lib/seo";

export const meta = (args: MetaArgs) => pageMeta("services", args);

export default function ServicesPage() {
  return (
    <PageShell page="services">
      <ServicesOverview />
    </PageShell>
  );
}

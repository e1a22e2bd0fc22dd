import { PageShell } from "~/components/page-banner/page-shell";
import { pages } from "~/content/pages";
import { CompliancePractice } from "~/features/company/compliance-practice";
import { type MetaLocation, pageMeta } from "~/lib/seo";

export const meta = ({ location }: MetaLocation) => pageMeta(pages.compliance, location);

export default function CompliancePage() {
  return (
    <PageShell page={pages.compliance}>
      <CompliancePractice />
    </PageShell>
  );
}

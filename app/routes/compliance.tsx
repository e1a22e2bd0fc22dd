import { PageShell } from "~/components/page-banner/page-shell";
import { pages } from "~/content/pages";
import { CompliancePractice } from "~/features/company/compliance-practice";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta(pages.compliance);

export default function CompliancePage() {
  return (
    <PageShell page={pages.compliance}>
      <CompliancePractice />
    </PageShell>
  );
}

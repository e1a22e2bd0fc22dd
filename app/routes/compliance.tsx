import { PageShell } from "~/components/page-banner/page-shell";
import { CompliancePractice } from "~/features/company/compliance-practice";
import { type MetaArgs, pageMeta } from "~/lib/seo";

export const meta = (args: MetaArgs) => pageMeta("compliance", args);

export default function CompliancePage() {
  return (
    <PageShell page="compliance">
      <CompliancePractice />
    </PageShell>
  );
}

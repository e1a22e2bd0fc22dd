import { PageShell } from "~/components/page-banner/page-shell";
import { QualityPractice } from "~/features/company/quality-practice";
import { type MetaArgs, pageMeta } from "~/lib/seo";

export const meta = (args: MetaArgs) => pageMeta("quality", args);

export default function QualityPage() {
  return (
    <PageShell page="quality">
      <QualityPractice />
    </PageShell>
  );
}

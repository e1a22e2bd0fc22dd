import { PageShell } from "~/components/page-banner/page-shell";
import { pages } from "~/content/pages";
import { QualityPractice } from "~/features/company/quality-practice";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta(pages.quality);

export default function QualityPage() {
  return (
    <PageShell page={pages.quality}>
      <QualityPractice />
    </PageShell>
  );
}

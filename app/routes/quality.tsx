import { PageShell } from "~/components/page-banner/page-shell";
import { pages } from "~/content/pages";
import { QualityPractice } from "~/features/company/quality-practice";
import { type MetaLocation, pageMeta } from "~/lib/seo";

export const meta = ({ location }: MetaLocation) => pageMeta(pages.quality, location);

export default function QualityPage() {
  return (
    <PageShell page={pages.quality}>
      <QualityPractice />
    </PageShell>
  );
}

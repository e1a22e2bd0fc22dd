import { PageShell } from "~/components/page-banner/page-shell";
import { pages } from "~/content/pages";
import { MissionVisionValues } from "~/features/company/mission-vision-values";
import { type MetaLocation, pageMeta } from "~/lib/seo";

export const meta = ({ location }: MetaLocation) => pageMeta(pages.mission, location);

export default function MissionPage() {
  return (
    <PageShell page={pages.mission}>
      <MissionVisionValues />
    </PageShell>
  );
}

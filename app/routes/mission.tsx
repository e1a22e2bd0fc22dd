import { PageShell } from "~/components/page-banner/page-shell";
import { pages } from "~/content/pages";
import { MissionVisionValues } from "~/features/company/mission-vision-values";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta(pages.mission);

export default function MissionPage() {
  return (
    <PageShell page={pages.mission}>
      <MissionVisionValues />
    </PageShell>
  );
}

import { PageShell } from "~/components/page-banner/page-shell";
import { MissionVisionValues } from "~/features/company/mission-vision-values";
import { type MetaArgs, pageMeta } from "~/lib/seo";

export const meta = (args: MetaArgs) => pageMeta("mission", args);

export default function MissionPage() {
  return (
    <PageShell page="mission">
      <MissionVisionValues />
    </PageShell>
  );
}

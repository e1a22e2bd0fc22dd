import { PageShell } from "~/components/page-banner/page-shell";
import { pages } from "~/content/pages";
import { StrengthList } from "~/features/company/strength-list";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta(pages.strength);

export default function StrengthPage() {
  return (
    <PageShell page={pages.strength}>
      <StrengthList />
    </PageShell>
  );
}

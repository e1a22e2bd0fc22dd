import { PageShell } from "~/components/page-banner/page-shell";
import { pages } from "~/content/pages";
import { StrengthList } from "~/features/company/strength-list";
import { type MetaLocation, pageMeta } from "~/lib/seo";

export const meta = ({ location }: MetaLocation) => pageMeta(pages.strength, location);

export default function StrengthPage() {
  return (
    <PageShell page={pages.strength}>
      <StrengthList />
    </PageShell>
  );
}

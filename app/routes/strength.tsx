import { PageShell } from "~/components/page-banner/page-shell";
import { StrengthList } from "~/features/company/strength-list";
import { type MetaArgs, pageMeta } from "~/lib/seo";

export const meta = (args: MetaArgs) => pageMeta("strength", args);

export default function StrengthPage() {
  return (
    <PageShell page="strength">
      <StrengthList />
    </PageShell>
  );
}

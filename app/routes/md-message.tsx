import { PageShell } from "~/components/page-banner/page-shell";
import { MdLetter } from "~/features/company/md-letter";
import { type MetaArgs, pageMeta } from "~/lib/seo";

export const meta = (args: MetaArgs) => pageMeta("md", args);

export default function MdMessagePage() {
  return (
    <PageShell page="md">
      <MdLetter />
    </PageShell>
  );
}

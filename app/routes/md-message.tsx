import { PageShell } from "~/components/page-banner/page-shell";
import { pages } from "~/content/pages";
import { MdLetter } from "~/features/company/md-letter";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta(pages.md);

export default function MdMessagePage() {
  return (
    <PageShell page={pages.md}>
      <MdLetter />
    </PageShell>
  );
}

import { PageShell } from "~/components/page-banner/page-shell";
import { pages } from "~/content/pages";
import { MdLetter } from "~/features/company/md-letter";
import { type MetaLocation, pageMeta } from "~/lib/seo";

export const meta = ({ location }: MetaLocation) => pageMeta(pages.md, location);

export default function MdMessagePage() {
  return (
    <PageShell page={pages.md}>
      <MdLetter />
    </PageShell>
  );
}

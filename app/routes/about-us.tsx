import { PageShell } from "~/components/page-banner/page-shell";
import { pages } from "~/content/pages";
import { AboutCompany } from "~/features/company/about-company";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta(pages.aboutUs);

export default function AboutUsPage() {
  return (
    <PageShell page={pages.aboutUs}>
      <AboutCompany />
    </PageShell>
  );
}

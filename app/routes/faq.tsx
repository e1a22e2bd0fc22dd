import { PageShell } from "~/components/page-banner/page-shell";
import { pages } from "~/content/pages";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta(pages.faq);

export default function FaqPage() {
  return <PageShell page={pages.faq} />;
}

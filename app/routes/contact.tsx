import { PageShell } from "~/components/page-banner/page-shell";
import { pages } from "~/content/pages";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta(pages.contact);

export default function ContactPage() {
  return <PageShell page={pages.contact} />;
}

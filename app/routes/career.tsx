import { PageShell } from "~/components/page-banner/page-shell";
import { pages } from "~/content/pages";
import { CareerForm } from "~/features/forms";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta(pages.career);

export default function CareerPage() {
  return (
    <PageShell page={pages.career}>
      <div className="mx-auto max-w-3xl px-4 py-12">
        <CareerForm headingLevel={2} />
      </div>
    </PageShell>
  );
}

import { PageShell } from "~/components/page-banner/page-shell";
import { organization } from "~/content/organization";
import { OrgChart } from "~/features/company/org-chart";
import { type MetaArgs, pageMeta } from "~/lib/seo";

export const meta = (args: MetaArgs) => pageMeta("organogram", args);

export default function OrganogramPage() {
  return (
    <PageShell page="organogram">
      <section aria-labelledby="organogram-heading" className="mx-auto max-w-7xl px-4 py-12 md:py-16">
        <h2 id="organogram-heading" className="text-2xl font-bold tracking-tight text-brand-900 md:text-3xl">
          {organization.chartTitle}
        </h2>
        <p className="mt-3 max-w-3xl text-lg text-ink-700">{organization.intro}</p>
        <OrgChart title={organization.chartTitle} root={organization.root} />
      </section>
    </PageShell>
  );
}

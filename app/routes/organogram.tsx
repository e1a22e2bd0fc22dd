import { useLoaderData } from "react-router";
import type { OwnLanguageHandle } from "~/components/layout/site-main";
import { PageShell } from "~/components/page-banner/page-shell";
import { companyPagesIn } from "~/content/company-pages";
import { OrgChart } from "~/features/company/org-chart";
import { type MetaArgs, pageMeta } from "~/lib/seo";

export const meta = (args: MetaArgs) => pageMeta("organogram", args);

// Every block says its language (decision 0170): the banner its page words', the chart its own.
export const handle: OwnLanguageHandle = { blocksSayTheirLanguage: true };

// Build time only (the page is prerendered): the page's language's words travel as its loader data (decision 0170).
export function loader({ params }: { params: { lang?: string } }) {
  return { organization: companyPagesIn(params.lang).organization };
}

export default function OrganogramPage() {
  const { organization } = useLoaderData<typeof loader>();
  return (
    <PageShell page="organogram">
      <section aria-labelledby="organogram-heading" lang={organization.lang ?? undefined} className="mx-auto max-w-7xl px-4 py-12 md:py-16">
        <h2 id="organogram-heading" className="text-2xl font-bold tracking-tight text-brand-900 md:text-3xl">
          {organization.chartTitle}
        </h2>
        <p className="mt-3 max-w-3xl text-lg text-ink-700">{organization.intro}</p>
        <OrgChart title={organization.chartTitle} root={organization.root} />
      </section>
    </PageShell>
  );
}

import { useLoaderData } from "react-router";
import type { OwnLanguageHandle } from "~/components/layout/site-main";
import { PageShell } from "~/components/page-banner/page-shell";
import { companyPagesIn } from "~/content/company-pages";
import { certificateRecordsIn } from "~/content/localized-certificate-records";
import { CompliancePractice } from "~/features/company/compliance-practice";
import { type MetaArgs, pageMeta } from "~/lib/seo";

export const meta = (args: MetaArgs) => pageMeta("compliance", args);

// Every block says its language (decision 0170): the banner its page words', the page's words and
// each certificate record their own, the PDCA steps' English names marked so; the standards' names
// (GOTS, OEKO-TEX …) are names in every language.
export const handle: OwnLanguageHandle = { blocksSayTheirLanguage: true };

// Build time only (the page is prerendered): the page's words (decision 0170) and the certificate
// records (decision 0168) in the page's language travel as its loader data, each with its `lang`.
export function loader({ params }: { params: { lang?: string } }) {
  return { compliance: companyPagesIn(params.lang).compliance, records: certificateRecordsIn(params.lang) };
}

export default function CompliancePage() {
  const { compliance, records } = useLoaderData<typeof loader>();
  return (
    <PageShell page="compliance">
      <CompliancePractice compliance={compliance} records={records} />
    </PageShell>
  );
}

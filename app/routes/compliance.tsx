import { useLoaderData } from "react-router";
import { PageShell } from "~/components/page-banner/page-shell";
import { certificateRecordsIn } from "~/content/localized-certificate-records";
import { CompliancePractice } from "~/features/company/compliance-practice";
import { type MetaArgs, pageMeta } from "~/lib/seo";

export const meta = (args: MetaArgs) => pageMeta("compliance", args);

// Build time only (the page is prerendered): the certificate records in the page's language travel
// as its loader data (decision 0168), each with its `lang`.
export function loader({ params }: { params: { lang?: string } }) {
  return { records: certificateRecordsIn(params.lang) };
}

export default function CompliancePage() {
  const { records } = useLoaderData<typeof loader>();
  return (
    <PageShell page="compliance">
      <CompliancePractice records={records} />
    </PageShell>
  );
}

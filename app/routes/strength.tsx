import { useLoaderData } from "react-router";
import type { OwnLanguageHandle } from "~/components/layout/site-main";
import { PageShell } from "~/components/page-banner/page-shell";
import { companyPagesIn } from "~/content/company-pages";
import { StrengthList } from "~/features/company/strength-list";
import { type MetaArgs, pageMeta } from "~/lib/seo";

export const meta = (args: MetaArgs) => pageMeta("strength", args);

// Every block says its language (decision 0170): the banner its page words', the page's words their
// own, what stays in the default language (Company facts' lists, names fixed in English) marked so.
export const handle: OwnLanguageHandle = { blocksSayTheirLanguage: true };

// Build time only (the page is prerendered): the page's language's words travel as its loader data (decision 0170).
export function loader({ params }: { params: { lang?: string } }) {
  return { strengthPage: companyPagesIn(params.lang).strengthPage };
}

export default function StrengthPage() {
  const { strengthPage } = useLoaderData<typeof loader>();
  return (
    <PageShell page="strength">
      <StrengthList strengthPage={strengthPage} />
    </PageShell>
  );
}

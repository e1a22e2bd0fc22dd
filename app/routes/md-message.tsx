import { useLoaderData } from "react-router";
import type { OwnLanguageHandle } from "~/components/layout/site-main";
import { PageShell } from "~/components/page-banner/page-shell";
import { companyPagesIn } from "~/content/company-pages";
import { MdLetter } from "~/features/company/md-letter";
import { type MetaArgs, pageMeta } from "~/lib/seo";

export const meta = (args: MetaArgs) => pageMeta("md", args);

// Every block says its language (decision 0170): the banner its page words', the page's words their
// own, what stays in the default language (Company facts' lists, names fixed in English) marked so.
export const handle: OwnLanguageHandle = { blocksSayTheirLanguage: true };

// Build time only (the page is prerendered): the page's language's words travel as its loader data (decision 0170).
export function loader({ params }: { params: { lang?: string } }) {
  return { mdMessage: companyPagesIn(params.lang).mdMessage };
}

export default function MdMessagePage() {
  const { mdMessage } = useLoaderData<typeof loader>();
  return (
    <PageShell page="md">
      <MdLetter mdMessage={mdMessage} />
    </PageShell>
  );
}

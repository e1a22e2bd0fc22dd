import { PageBanner } from "~/components/page-banner/page-banner";
import { pages } from "~/content/pages";
import { quote } from "~/content/quote";
import { QuoteForm } from "~/features/forms/quote/quote-form";
import { quotePaths } from "~/lib/contracts/quote";
import { clearQuoteList, useQuoteList } from "~/lib/quote-list";
import { pageMeta } from "~/lib/seo";

// A form, not content: noindex and out of sitemap.xml (app/lib/sitemap.ts).
export const meta = () => pageMeta({ title: quote.title, description: quote.description, path: quotePaths.form, noindex: true });

export default function QuotePage() {
  // The products added on the gallery pages (empty until hydrated); the list is emptied once sent.
  const list = useQuoteList();
  return (
    <>
      <PageBanner title={quote.title} image={pages.contact.bannerImage} />
      <div className="mx-auto max-w-7xl px-4 py-12">
        <QuoteForm initialProducts={list} onSent={clearQuoteList} />
      </div>
    </>
  );
}

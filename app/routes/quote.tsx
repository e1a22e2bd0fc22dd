import { PageBanner } from "~/components/page-banner/page-banner";
import { pages } from "~/content/pages";
import { quote } from "~/content/quote";
import { quoteChoices } from "~/content/quote-choices";
import { QuoteForm } from "~/features/forms/quote/quote-form";
import { quoteOptions } from "~/features/forms/quote/quote-options.server";
import { quotePaths } from "~/lib/contracts/quote";
import { clearQuoteList, useQuoteList } from "~/lib/quote-list";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/quote";

// Build time only (the page is prerendered): the form's words and its product and country lists
// travel as the page's loader data, not in its JavaScript (decision 0056); the lists as option
// markup, which hydration does not walk (decision 0057).
export function loader() {
  return { words: quote, options: quoteOptions(quote, quoteChoices) };
}

// A form, not content: noindex and out of sitemap.xml (app/lib/sitemap.ts).
export const meta = ({ loaderData, location }: Route.MetaArgs) =>
  pageMeta({ title: loaderData.words.title, description: loaderData.words.description, path: quotePaths.form, noindex: true }, location);

export default function QuotePage({ loaderData: { words, options } }: Route.ComponentProps) {
  // The products added on the gallery pages (empty until hydrated); the list is emptied once sent.
  const list = useQuoteList();
  return (
    <>
      <PageBanner title={words.title} image={pages.contact.bannerImage} />
      <div className="mx-auto max-w-7xl px-4 py-12">
        <QuoteForm words={words} options={options} initialProducts={list} onSent={clearQuoteList} />
      </div>
    </>
  );
}

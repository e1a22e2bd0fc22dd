import type { OwnLanguageHandle } from "~/components/layout/site-main";
import { PageBanner } from "~/components/page-banner/page-banner";
import { usePages } from "~/content/pages";
import { quoteIn } from "~/content/quote";
import { quoteChoicesIn } from "~/content/quote-choices";
import { QuoteForm } from "~/features/forms/quote/quote-form";
import { quoteOptions } from "~/features/forms/quote/quote-options.server";
import { quotePaths } from "~/lib/contracts/quote";
import { clearQuoteList, useQuoteList } from "~/lib/quote-list";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/quote";

// Every block says its language (decision 0180): the form's words, its lists and the banner are the
// page's language's (content/quote/<code>.yaml is whole, the countries named in the language), an
// untranslated family or product marks its option; so <main> is not marked with the default language.
export const handle: OwnLanguageHandle = { blocksSayTheirLanguage: true };

// Build time only (the page is prerendered): the form's words in the page's language (with the
// problems its checks name: decision 0166) and its product and country lists travel as the page's
// loader data, not in its JavaScript (decision 0056); the lists as option markup, which hydration
// does not walk (decision 0057).
export function loader({ params }: { params: { lang?: string } }) {
  const words = quoteIn(params.lang);
  return { words, options: quoteOptions(words, quoteChoicesIn(params.lang)) };
}

// A form, not content: noindex and out of sitemap.xml (app/lib/sitemap.ts).
export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  return pageMeta({ title: loaderData.words.title, description: loaderData.words.description, path: quotePaths.form, noindex: true }, { location, matches });
}

export default function QuotePage({ loaderData: { words, options } }: Route.ComponentProps) {
  // The products added on the gallery pages (empty until hydrated); the list is emptied once sent.
  const list = useQuoteList();
  const banner = usePages().contact.bannerImage;
  return (
    <>
      {/* The title is the form's words': the page's language, so neither it nor its breadcrumb step is marked. */}
      <PageBanner title={words.title} titleLang={null} image={banner} />
      <div className="mx-auto max-w-7xl px-4 py-12">
        <QuoteForm words={words} options={options} initialProducts={list} onSent={clearQuoteList} />
      </div>
    </>
  );
}

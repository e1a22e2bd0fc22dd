import { useLoaderData, useLocation } from "react-router";
import { JsonLd } from "~/components/json-ld/json-ld";
import { faqIn } from "~/content/faqs";
import { richTextToPlain } from "~/content/rich-text";
import { FaqBanner } from "~/features/faq/faq-banner";
import { FaqSection } from "~/features/faq/faq-section";
import { faqPageJsonLd } from "~/lib/json-ld";
import { localeAt } from "~/lib/locale";
import { type MetaArgs, pageMeta } from "~/lib/seo";

export const meta = (args: MetaArgs) => pageMeta("faq", args);

// Build time only (the page is prerendered): the page's language's FAQ travels as its loader data
// (decision 0165), so a page carries its own language's questions and no other's.
export function loader({ params }: { params: { lang?: string } }) {
  return { faq: faqIn(params.lang) };
}

export default function FaqPage() {
  const { faq } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  // The FAQPage in the page's language (decision 0167), the same node as the page's WebPage (app/root.tsx).
  const page = { path: pathname, inLanguage: localeAt(pathname).locale.code };
  return (
    <>
      <JsonLd
        data={faqPageJsonLd(
          faq.entries.map((e) => ({ question: e.question, answer: richTextToPlain(e.answer) })),
          page,
        )}
      />
      <FaqBanner video={faq.bannerVideo} />
      <FaqSection faq={faq} />
    </>
  );
}

import { JsonLd } from "~/components/json-ld/json-ld";
import { faq } from "~/content/faq";
import { pages } from "~/content/pages";
import { richTextToPlain } from "~/content/rich-text";
import { FaqBanner } from "~/features/faq/faq-banner";
import { FaqSection } from "~/features/faq/faq-section";
import { faqPageJsonLd } from "~/lib/json-ld";
import { type MetaLocation, pageMeta } from "~/lib/seo";

export const meta = ({ location }: MetaLocation) => pageMeta(pages.faq, location);

export default function FaqPage() {
  return (
    <>
      <JsonLd data={faqPageJsonLd(faq.entries.map((e) => ({ question: e.question, answer: richTextToPlain(e.answer) })))} />
      <FaqBanner page={pages.faq} video={faq.bannerVideo} />
      <FaqSection />
    </>
  );
}

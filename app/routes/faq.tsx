import { JsonLd } from "~/components/json-ld/json-ld";
import { faq } from "~/content/faq";
import { richTextToPlain } from "~/content/rich-text";
import { FaqBanner } from "~/features/faq/faq-banner";
import { FaqSection } from "~/features/faq/faq-section";
import { faqPageJsonLd } from "~/lib/json-ld";
import { type MetaArgs, pageMeta } from "~/lib/seo";

export const meta = (args: MetaArgs) => pageMeta("faq", args);

export default function FaqPage() {
  return (
    <>
      <JsonLd data={faqPageJsonLd(faq.entries.map((e) => ({ question: e.question, answer: richTextToPlain(e.answer) })))} />
      <FaqBanner video={faq.bannerVideo} />
      <FaqSection />
    </>
  );
}

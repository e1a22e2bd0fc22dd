import { faq } from "~/content/faq";
import { pages } from "~/content/pages";
import { FaqBanner } from "~/features/faq/faq-banner";
import { FaqSection } from "~/features/faq/faq-section";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta(pages.faq);

export default function FaqPage() {
  return (
    <>
      <FaqBanner page={pages.faq} video={faq.bannerVideo} />
      <FaqSection />
    </>
  );
}

import { PageBanner } from "~/components/page-banner/page-banner";
import { ClickToPlayVideo } from "~/components/video/click-to-play-video";
import type { Faq } from "~/content/faq";
import { usePages } from "~/content/pages";

export type FaqBannerProps = { video: Faq["bannerVideo"] };

/**
 * The FAQ header: the page banner with a framed local video, played when asked (breadcrumb
 * Home / faq). The video sits beside the title on large screens and above it on phones, so its
 * controls never cover the text, and stacks above the title's full-width box, which would
 * otherwise take its clicks.
 */
export function FaqBanner({ video }: FaqBannerProps) {
  const page = usePages().faq;
  return (
    <PageBanner title={page.heading} breadcrumb={page.breadcrumb} image={page.bannerImage}>
      <div className="relative z-10 mx-auto mb-8 max-w-7xl px-4 lg:absolute lg:right-8 lg:top-1/2 lg:mb-0 lg:w-64 lg:-translate-y-1/2 lg:px-0">
        <ClickToPlayVideo {...video} muted className="shadow-lg ring-1 ring-white/30" />
      </div>
    </PageBanner>
  );
}

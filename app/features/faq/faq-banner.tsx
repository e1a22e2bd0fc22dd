import { PageBanner } from "~/components/page-banner/page-banner";
import type { Faq } from "~/content/faq.schema";
import type { Page } from "~/content/schema";

export type FaqBannerProps = { page: Page; video: Faq["bannerVideo"] };

/** The FAQ header: the page banner with a local video behind the title (breadcrumb Home / faq). */
export function FaqBanner({ page, video }: FaqBannerProps) {
  return (
    <PageBanner title={page.heading} breadcrumb={page.breadcrumb} image={page.bannerImage}>
      <video
        aria-label={video.label}
        poster={video.poster}
        width={video.width}
        height={video.height}
        muted
        playsInline
        controls
        preload="none"
        className="absolute inset-0 -z-10 h-full w-full object-cover opacity-70"
      >
        {video.sources.map((s) => (
          <source key={s.src} src={s.src} type={s.type} />
        ))}
        Your browser does not support the video tag.
      </video>
    </PageBanner>
  );
}

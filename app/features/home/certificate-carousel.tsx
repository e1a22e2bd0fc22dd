import { useFallbackLang } from "~/content/messages";
import { carousel, timing } from "~/lib/contracts/constants";
import { CarouselSection } from "~/components/carousel/carousel-section";
import { langAttribute, useHomeSections } from "~/content/home-sections-context";
import { useLocalizedPath } from "~/lib/locale";

export function CertificateCarousel() {
  const {
    certificates,
    lists: { certificateCards },
  } = useHomeSections();
  // The card's link words are the catalogue's English ones (content/gallery/catalogue.yaml's cardLink), marked so on another language's page.
  const linkLang = useFallbackLang();
  // Links in the page's language (decision 0167).
  const localize = useLocalizedPath();
  return (
    <CarouselSection
      headingId="certificates-heading"
      heading={certificates.heading}
      intro={certificates.intro}
      lang={langAttribute(certificates.lang)}
      items={certificateCards}
      getKey={(c) => c.id}
      perView={{ base: carousel.certificateVisibleSmall, md: carousel.certificateVisible }}
      autoplayMs={timing.certificateCarouselIntervalMs}
      transitionMs={timing.slideTransitionMs}
      dragThresholdPx={carousel.certificateDragThresholdPx}
      renderSlide={(card) => {
        const face = (
          <>
            <img src={card.image} alt="" width={120} height={120} loading="lazy" draggable={false} className="h-24 w-24" />
            <p lang={langAttribute(card.lang)} className="mt-3 font-semibold text-ink-900">
              {card.label}
            </p>
          </>
        );
        const frame = "flex h-full flex-col items-center rounded-xl border border-ink-200 bg-white p-5 text-center";
        // A card whose certificate has a valid record links to it on the compliance page (decision 0076).
        return card.link ? (
          <a
            href={localize(card.link.href)}
            draggable={false}
            className={`${frame} hover:border-brand-600 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-500`}
          >
            {face}
            <span lang={linkLang} className="sr-only">{` ${card.link.label}`}</span>
          </a>
        ) : (
          <div className={frame}>{face}</div>
        );
      }}
    />
  );
}

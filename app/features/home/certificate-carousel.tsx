import { Carousel } from "~/components/carousel/carousel";
import { certificateCards } from "~/content/certificates";
import { home } from "~/content/home";
import { carousel, timing } from "~/lib/constants";

export function CertificateCarousel() {
  return (
    <section className="bg-white px-4 py-16">
      <div className="mx-auto max-w-7xl">
        <h2 id="certificates-heading" className="text-3xl font-extrabold text-brand-800">
          {home.certificates.heading}
        </h2>
        <p className="mt-2 text-ink-700">{home.certificates.intro}</p>
        <Carousel
          className="mt-8"
          label={home.certificates.heading}
          items={certificateCards}
          getKey={(c) => c.id}
          perView={{ base: carousel.certificateVisibleSmall, md: carousel.certificateVisible }}
          autoplayMs={timing.certificateCarouselIntervalMs}
          transitionMs={timing.slideTransitionMs}
          dragThresholdPx={carousel.certificateDragThresholdPx}
          renderSlide={(card) => (
            <div className="flex h-full flex-col items-center rounded-xl border border-ink-200 bg-white p-5 text-center">
              <img src={card.image} alt="" width={120} height={120} loading="lazy" draggable={false} className="h-24 w-24" />
              <p className="mt-3 font-semibold text-ink-900">{card.label}</p>
            </div>
          )}
        />
      </div>
    </section>
  );
}

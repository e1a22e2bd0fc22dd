import { carousel, timing } from "~/lib/contracts/constants";
import { CarouselSection } from "~/components/carousel/carousel-section";
import { langAttribute, useHomeSections } from "~/content/home-sections-context";

export function ValueCarousel() {
  const {
    values,
    lists: { valueCards },
  } = useHomeSections();
  return (
    <CarouselSection
      headingId="values-heading"
      heading={values.heading}
      intro={values.intro}
      lang={langAttribute(values.lang)}
      items={valueCards}
      getKey={(v) => v.id}
      perView={{ base: 2, md: 3, lg: carousel.valueVisible }}
      autoplayMs={timing.valueCarouselIntervalMs}
      pauseOnHover
      transitionMs={timing.slideTransitionMs}
      renderSlide={(value) => (
        <div lang={langAttribute(value.lang)} className="flex h-full flex-col items-center rounded-xl bg-brand-50 p-4 text-center">
          <img src={value.image} alt="" width={120} height={120} loading="lazy" draggable={false} className="h-14 w-14" />
          <h3 className="mt-3 font-bold text-ink-900">{value.title}</h3>
          <p className="mt-1 text-sm text-ink-700">{value.description}</p>
        </div>
      )}
    />
  );
}

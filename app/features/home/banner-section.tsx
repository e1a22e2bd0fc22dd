import { langAttribute, useHomeSections } from "~/content/home-sections-context";

export function BannerSection() {
  const { banner } = useHomeSections();
  return (
    <section aria-labelledby="banner-heading" lang={langAttribute(banner.lang)} className="relative isolate overflow-hidden bg-brand-800 px-4 py-20">
      <img
        src={banner.image}
        alt={banner.alt}
        width={1600}
        height={500}
        loading="lazy"
        decoding="async"
        className="absolute inset-0 -z-10 h-full w-full object-cover"
      />
      <div className="mx-auto max-w-3xl rounded-2xl bg-brand-900/90 p-8 text-center text-white">
        <h2 id="banner-heading" className="text-3xl font-extrabold">
          {banner.heading}
        </h2>
        <p className="mt-3 text-lg">{banner.text}</p>
      </div>
    </section>
  );
}

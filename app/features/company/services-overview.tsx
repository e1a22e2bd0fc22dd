import type { CompanyPages } from "~/content/company-pages";
import { ClickToPlayVideo } from "~/components/video/click-to-play-video";
import { CheckList, ContentSection } from "./content-section";

/**
 * /ourservices: offered services, client product list, payment modes and the video, in the language
 * `services.lang` says (decision 0170); the product families (Company facts) say theirs
 * (`itemsLang`, decision 0176: translated, or English, marked).
 */
export function ServicesOverview({ services }: { services: CompanyPages["services"] }) {
  return (
    <div lang={services.lang ?? undefined}>
      <ContentSection id="services-offered" heading={services.offered.heading} intro={services.intro}>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {services.offered.items.map((s) => (
            <li key={s.title} className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-ink-200">
              <h3 className="text-lg font-bold text-brand-900">{s.title}</h3>
              <p className="mt-2 text-ink-700">{s.description}</p>
            </li>
          ))}
        </ul>
      </ContentSection>
      <ContentSection id="services-products" heading={services.products.heading} intro={services.products.intro} tone="tinted">
        <CheckList items={services.products.items} lang={services.products.itemsLang ?? undefined} className="sm:grid-cols-2 lg:grid-cols-3" />
      </ContentSection>
      <ContentSection id="services-payment" heading={services.payment.heading} intro={services.payment.intro}>
        <ul className="mt-6 grid gap-4 sm:grid-cols-3">
          {services.payment.modes.map((m) => (
            <li key={m.code} className="rounded-lg border-2 border-brand-100 p-5 text-center">
              <span className="block text-3xl font-extrabold text-brand-800">{m.code}</span>
              <span className="mt-1 block text-ink-700">{m.name}</span>
            </li>
          ))}
        </ul>
      </ContentSection>
      <ContentSection id="services-video" heading={services.video.heading} tone="tinted">
        <figure className="mt-6 max-w-3xl">
          <ClickToPlayVideo {...services.video} muted />
          <figcaption className="mt-3 text-ink-700">{services.video.caption}</figcaption>
        </figure>
      </ContentSection>
    </div>
  );
}

import { RichText } from "~/components/rich-text/rich-text";
import type { CompanyPages } from "~/content/company-pages";
import { CheckList, ContentSection } from "./content-section";
import { FactList } from "./fact-list";
import { ProfileDownloadLink } from "./profile-download-link";

/**
 * /our-company/aboutus: who we are, key facts, the profile PDF and what we make (the route adds the
 * team), in the language `about.lang` says (decision 0170); the lists Company facts fills in each
 * say theirs (`itemsLang`, decision 0176: the product families translated or English, marked; the
 * standards' names are names).
 */
export function AboutCompany({ about }: { about: CompanyPages["about"] }) {
  return (
    <div lang={about.lang ?? undefined}>
      <section aria-labelledby="about-who" className="mx-auto max-w-7xl px-4 py-12 md:py-16">
        <div className="grid items-start gap-10 lg:grid-cols-[3fr_2fr]">
          <div>
            <h2 id="about-who" className="text-2xl font-bold tracking-tight text-brand-900 md:text-3xl">
              {about.introHeading}
            </h2>
            <RichText nodes={about.intro} classNames={{ p: "mt-4 text-lg leading-relaxed text-ink-800" }} />
            <div className="mt-8 flex flex-wrap items-center gap-4">
              <ProfileDownloadLink profile={about.profile} />
              <p className="text-sm text-ink-700">{about.profile.note}</p>
            </div>
          </div>
          <img
            src={about.image.src}
            alt={about.image.alt}
            width={about.image.width}
            height={about.image.height}
            loading="lazy"
            decoding="async"
            className="h-auto w-full rounded-xl border border-ink-200"
          />
        </div>
      </section>

      <ContentSection id="about-facts" heading={about.factsHeading} tone="tinted">
        <FactList facts={about.facts} />
      </ContentSection>

      {about.sections.map((s, i) => (
        <ContentSection key={s.heading} id={`about-section-${i}`} heading={s.heading} intro={s.body}>
          {s.items ? <CheckList items={s.items} lang={s.itemsLang ?? undefined} className="sm:grid-cols-2 lg:grid-cols-3" /> : null}
        </ContentSection>
      ))}
    </div>
  );
}

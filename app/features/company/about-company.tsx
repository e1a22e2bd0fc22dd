import { about } from "~/content/about";
import { team } from "~/content/team";
import { CheckList, ContentSection } from "./content-section";
import { FactList } from "./fact-list";
import { ProfileDownloadLink } from "./profile-download-link";

/** /our-company/aboutus: who we are, key facts, the profile PDF, what we make, and the team. */
export function AboutCompany() {
  return (
    <>
      <section aria-labelledby="about-who" className="mx-auto max-w-7xl px-4 py-12 md:py-16">
        <div className="grid items-start gap-10 lg:grid-cols-[3fr_2fr]">
          <div>
            <h2 id="about-who" className="text-2xl font-bold tracking-tight text-brand-900 md:text-3xl">
              Who we are
            </h2>
            {about.intro.map((p) => (
              <p key={p.slice(0, 32)} className="mt-4 text-lg leading-relaxed text-ink-800">
                {p}
              </p>
            ))}
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

      <ContentSection id="about-facts" heading="Key facts" tone="tinted">
        <FactList facts={about.facts} />
      </ContentSection>

      {about.sections.map((s, i) => (
        <ContentSection key={s.heading} id={`about-section-${i}`} heading={s.heading} intro={s.body}>
          {s.items ? <CheckList items={s.items} className="sm:grid-cols-2 lg:grid-cols-3" /> : null}
        </ContentSection>
      ))}

      <section aria-labelledby="about-team" className="bg-brand-50">
        <div className="mx-auto max-w-7xl px-4 py-12 md:py-16">
          <h2 id="about-team" className="text-2xl font-bold tracking-tight text-brand-900 md:text-3xl">
            {about.teamHeading}
          </h2>
          {/* The lead replaces this list with <AboutTeamCarousel /> from app/features/team */}
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {team.map((m) => (
              <li key={m.name} className="flex items-center gap-4 rounded-lg bg-white p-4 shadow-sm">
                <img src={m.image} alt="" width={64} height={64} loading="lazy" decoding="async" className="size-16 rounded-full" />
                <div>
                  <p className="font-semibold text-ink-900">{m.name}</p>
                  <p className="text-sm text-ink-700">{m.role}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}

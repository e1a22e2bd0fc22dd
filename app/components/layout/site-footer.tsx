import { Link } from "react-router";
import { LogoEmblem } from "~/components/logo/logo";
import { useLabels } from "~/content/labels";
import { useFallbackLang, useMessages } from "~/content/messages";
import { useSiteWords } from "~/content/pages";
import { localeAt } from "~/lib/locale";
import { useShownPathname } from "./use-shown-pathname";
import { offices } from "~/content/offices";
import { pagePaths } from "~/content/page-paths";
import { site } from "~/content/site";
import { CopyrightYear } from "./copyright-year";

const footerLink = "underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-300 rounded";

const socialIcons: Record<string, string> = {
  Facebook: "M14 8h3V4h-3c-2.8 0-4 1.8-4 4.3V10H7v4h3v8h4v-8h3l1-4h-4V8.5c0-.3.2-.5.5-.5Z",
  LinkedIn:
    "M5 9h3v11H5V9Zm1.5-5A1.8 1.8 0 1 1 6.5 7.6 1.8 1.8 0 0 1 6.5 4ZM10 9h3v1.6c.5-.9 1.7-1.8 3.4-1.8 3.4 0 4 2.2 4 5.1V20h-3v-5.4c0-1.3 0-2.9-1.8-2.9s-2 1.4-2 2.8V20h-3V9Z",
  Instagram:
    "M12 7.3A4.7 4.7 0 1 0 16.7 12 4.7 4.7 0 0 0 12 7.3Zm0 7.7a3 3 0 1 1 3-3 3 3 0 0 1-3 3Zm6-7.9a1.1 1.1 0 1 1-1.1-1.1A1.1 1.1 0 0 1 18 7.1ZM12 3c-2.4 0-2.7 0-3.7.1-3.3.1-5 1.9-5.1 5.1C3 9.3 3 9.6 3 12s0 2.7.1 3.7c.1 3.3 1.9 5 5.1 5.1 1 .1 1.3.1 3.8.1s2.7 0 3.7-.1c3.3-.1 5-1.9 5.1-5.1.1-1 .1-1.3.1-3.7s0-2.7-.1-3.7c-.1-3.3-1.8-5-5.1-5.1C14.7 3 14.4 3 12 3Z",
};

export function SiteFooter() {
  const { footer, opensInNewTab } = useLabels();
  // The Quick View links in the page's language, and to its pages (decision 0160).
  const { navigation, lang: pageLang } = useMessages();
  const quickViewLinks = navigation.quickView;
  const { localize } = localeAt(useShownPathname());
  // The footer's own words are the page's language's; the offices' addresses are the postal names
  // each office writes, marked with the default language's lang (decision 0160); their countries are
  // named in the page's language where it has them (decision 0181), else in English, marked.
  const lang = useFallbackLang();
  const siteWords = useSiteWords();
  return (
    // Below the first screen on every page: skip its layout and paint until it nears the viewport.
    <footer className="bg-ink-900 text-ink-100 [content-visibility:auto] [contain-intrinsic-size:auto_1400px]">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="sr-only">
            {footer.aboutHeading}
          </h2>
          <div className="flex items-center gap-3">
            <LogoEmblem className="h-12 w-12" />
            <p className="leading-tight">
              <span className="block text-lg font-bold text-white">{site.name}</span>
              <span lang={siteWords.lang ?? undefined} className="text-sm">
                {siteWords.tagline}
              </span>
            </p>
          </div>
          <p className="mt-4 text-sm">
            {footer.sisterConcern}{" "}
            {site.sisterConcern.url ? (
              <a className={footerLink} href={site.sisterConcern.url} target="_blank" rel="noopener noreferrer">
                {site.sisterConcern.name}
                <span className="sr-only">{` ${opensInNewTab}`}</span>
              </a>
            ) : (
              site.sisterConcern.name
            )}
          </p>
          <ul className="mt-4 flex gap-3" aria-label={footer.socialMedia}>
            {site.social.map((s) => (
              <li key={s.name}>
                <a
                  href={s.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="flex h-10 w-10 items-center justify-center rounded-full bg-white/10 hover:bg-white/20 focus-visible:outline-3 focus-visible:outline-accent-300"
                >
                  <svg viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor" aria-hidden="true">
                    <path d={socialIcons[s.name]} />
                  </svg>
                  <span className="sr-only">
                    {s.name}
                    {` ${opensInNewTab}`}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </section>

        <nav aria-labelledby="footer-quick-view">
          <h2 id="footer-quick-view" className="text-base font-bold text-white">
            {footer.quickView}
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            {quickViewLinks.map((l) => (
              <li key={l.label}>
                {"to" in l ? (
                  <Link className={footerLink} to={localize(l.to)} lang={l.lang}>
                    {l.label}
                  </Link>
                ) : (
                  <span lang={l.lang}>{l.label}</span>
                )}
              </li>
            ))}
          </ul>
        </nav>

        <section aria-labelledby="footer-offices" className="sm:col-span-2">
          <h2 id="footer-offices" className="text-base font-bold text-white">
            {footer.offices}
          </h2>
          <ul className="mt-3 grid gap-6 text-sm sm:grid-cols-2">
            {offices.map((o, i) => {
              const office = siteWords.officeCountries[i]!;
              // Outside <main>: a country in the page's language needs no lang of its own.
              const countryLang = office.lang === pageLang ? undefined : (office.lang ?? undefined);
              return (
                <li key={o.country}>
                  <h3 className="font-semibold text-white">
                    <span lang={countryLang}>{office.country}</span>
                    {o.isHeadOffice && ` (${footer.headOffice})`}
                  </h3>
                  <address className="mt-1 space-y-1 not-italic">
                    <p>
                      <span lang={lang}>{o.street}</span>, <span lang={countryLang}>{office.country}</span>
                    </p>
                    <p>
                      {footer.email}{" "}
                      <a className={footerLink} href={`mailto:${o.email}`}>
                        {o.email}
                      </a>
                    </p>
                    <p>
                      {footer.phone}{" "}
                      <a className={footerLink} href={`tel:${o.phoneHref}`}>
                        {o.phone}
                      </a>
                    </p>
                    <p>
                      {footer.website}{" "}
                      <a className={footerLink} href={o.website} target="_blank" rel="noopener noreferrer">
                        {o.website.replace(/^https?:\/\//, "")}
                        <span className="sr-only">{` ${opensInNewTab}`}</span>
                      </a>
                    </p>
                  </address>
                </li>
              );
            })}
          </ul>
        </section>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-5 text-center text-sm">
          © <CopyrightYear /> {site.name}
          {site.name.endsWith(".") ? "" : "."}
          {` ${footer.rightsReserved} `}
          {/* Underlined: in a line of text a link must not stand out by colour alone. */}
          <Link className={`${footerLink} underline`} to={localize(pagePaths.privacy)}>
            {footer.privacy}
          </Link>
        </p>
      </div>
    </footer>
  );
}

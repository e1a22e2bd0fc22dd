import { Fragment, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { JsonLd } from "~/components/json-ld/json-ld";
import { useLabels } from "~/content/labels";
import { useFallbackLang, useTranslatedLang } from "~/content/messages";
import { type BreadcrumbStep, breadcrumbJsonLd } from "~/lib/json-ld";
import { useLocalizedPath } from "~/lib/locale";

/**
 * The h1's words. `breadcrumb`: the last breadcrumb step's; defaults to the title. A title in parts
 * (a product's family and name, each with its own `lang`: decision 0180) names that step itself.
 */
type BannerTitle = { title: string; breadcrumb?: string } | { title: ReactNode; breadcrumb: string };

export type PageBannerProps = BannerTitle & {
  /** Linked steps between Home and the last one (the gallery: Product Gallery / {family}). */
  trail?: Array<BreadcrumbStep & { lang?: string | null }>;
  /**
   * The `lang` of the title and the last breadcrumb step, from the pages' words or the entry shown
   * (decision 0168): null on the default language's pages, the translation's code, or the default's
   * where it falls back. Not given: the content's fallback language, as for every untranslated block.
   * A trail step's `lang` likewise.
   */
  titleLang?: string | null;
  image: string;
  /** Optional media (e.g. a video) drawn over the image. */
  children?: ReactNode;
};

const crumbLink = "underline underline-offset-4 hover:text-accent-300 focus-visible:outline-3 focus-visible:outline-accent-300";

/** Page header: background image, the page's h1 and the breadcrumb 'Home / {title}' (or 'Home / {trail} / {title}'). */
export function PageBanner({ title, breadcrumb = title as string, image, trail = [], titleLang, children }: PageBannerProps) {
  const { pathname } = useLocation();
  const labels = useLabels();
  // The steps' addresses in the page's language (decision 0167): /de, /de/gallery …
  const localize = useLocalizedPath();
  const home: BreadcrumbStep & { lang?: string | null } = { name: labels.breadcrumbHome, path: localize("/") };
  const steps = trail.map((step) => ({ ...step, path: localize(step.path) }));
  // The breadcrumb's own words are the page's language's, the pages' names content not yet
  // translated (decision 0160): inside <main>, marked each with its language.
  const translatedLang = useTranslatedLang();
  const fallbackLang = useFallbackLang();
  const langOf = (lang: string | null | undefined) => (lang === undefined ? fallbackLang : (lang ?? undefined));
  return (
    <section className="relative isolate overflow-hidden bg-brand-900 pb-12 pt-16 text-white md:pt-20">
      <JsonLd data={breadcrumbJsonLd([home, ...steps, { name: breadcrumb, path: pathname.replace(/%26/gi, "&") }])} />
      <img
        src={image}
        alt=""
        width={1600}
        height={400}
        fetchPriority="high"
        decoding="async"
        className="absolute inset-0 -z-10 h-full w-full object-cover opacity-60"
      />
      {children}
      <div className="mx-auto max-w-7xl px-4">
        <h1 lang={titleLang === undefined ? undefined : langOf(titleLang)} className="text-3xl font-extrabold tracking-tight drop-shadow md:text-5xl">
          {title}
        </h1>
        <nav aria-label={labels.breadcrumbName} lang={translatedLang} className="mt-3">
          <ol className="flex flex-wrap items-center gap-2 text-sm font-medium">
            {[home, ...steps].map((step) => (
              <Fragment key={step.path}>
                <li lang={step === home ? undefined : langOf(step.lang)}>
                  <Link to={step.path} className={crumbLink}>
                    {step.name}
                  </Link>
                </li>
                <li aria-hidden="true">/</li>
              </Fragment>
            ))}
            <li aria-current="page" lang={langOf(titleLang)}>
              {breadcrumb}
            </li>
          </ol>
        </nav>
      </div>
    </section>
  );
}

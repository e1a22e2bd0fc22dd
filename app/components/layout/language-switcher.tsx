import { locales } from "~/content/locales";
import { useMessages } from "~/content/messages";
import { alternatesAt, localeAt } from "~/lib/locale";
import { useShownPathname } from "./use-shown-pathname";

/**
 * The same page in every language of content/locales.yaml (decision 0160): plain links, so they work
 * without JavaScript and load the other language's page whole (its <html lang>, head and words).
 * Each language is named in itself, with `lang` (a screen reader says "Deutsch" in German) and
 * `hreflang`; the shown one is marked aria-current. `bar`: a <details> drop-down in the header
 * (its button shows the current language's name from 1280 px, a globe below); `stacked`: a list in
 * the mobile menu.
 */
export function LanguageSwitcher({ variant }: { variant: "bar" | "stacked" }) {
  const pathname = useShownPathname();
  const words = useMessages().language;
  if (locales.length < 2) return null;
  const { locale } = localeAt(pathname);
  const list = (className: string, linkClass: string) => (
    <ul className={className}>
      {alternatesAt(pathname).map(({ locale: l, path }) => (
        <li key={l.code}>
          <a href={path} lang={l.code} hrefLang={l.code} aria-current={l === locale ? "true" : undefined} className={linkClass}>
            {l.name}
          </a>
        </li>
      ))}
    </ul>
  );
  const link =
    "block rounded px-3 py-2 text-sm font-semibold text-ink-800 hover:text-brand-700 aria-[current]:text-brand-700 aria-[current]:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-500";

  if (variant === "stacked") {
    return (
      <nav aria-label={words.switcher} className="border-t border-ink-200 py-2">
        {list("flex flex-wrap gap-x-2", link)}
      </nav>
    );
  }
  return (
    <nav aria-label={words.switcher} className="relative">
      <details suppressHydrationWarning className="group/language">
        <summary className="flex cursor-pointer list-none items-center gap-1 rounded p-1 text-sm xl:p-2 font-semibold focus-visible:outline-3 focus-visible:outline-accent-500 [&::-webkit-details-marker]:hidden">
          <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
            <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
            <path d="M3 12h18M12 3c2.5 2.7 2.5 15.3 0 18M12 3c-2.5 2.7-2.5 15.3 0 18" fill="none" stroke="currentColor" strokeWidth="1.8" />
          </svg>
          <span className="sr-only">{words.switcher}: </span>
          <span lang={locale.code} className="max-xl:sr-only">
            {locale.name}
          </span>
        </summary>
        {list("absolute end-0 top-full z-50 min-w-40 rounded bg-white py-1 shadow-md", link)}
      </details>
    </nav>
  );
}

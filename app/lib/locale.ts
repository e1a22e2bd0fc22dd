import { useLocation } from "react-router";
import { locales } from "~/content/locales";
import { alternatesOf, localeOfPath, localizedPath, pathWithoutLocale } from "./contracts/locale-paths";

// The language of the page being shown, from its address (decision 0160): no state, no cookie, so the
// prerendered HTML and the hydrated page agree, and a link always gets what it names.

/** The language of a path (/de/faq → Deutsch), and the path without its prefix. */
export function localeAt(pathname: string) {
  const locale = localeOfPath(pathname, locales);
  return { locale, path: pathWithoutLocale(pathname, locales), localize: (path: string) => localizedPath(path, locale.code, locales) };
}

/** The same page in every language, the default's first (the switcher, hreflang links). */
export const alternatesAt = (pathname: string) => alternatesOf(pathname, locales);

/** The shown page's language: `locale`, its `path` without the prefix, and `localize(path)` for links. */
export function useLocale() {
  return localeAt(useLocation().pathname);
}

import { useLocation } from "react-router";
import { locales } from "~/content/locales";
import { usePageLang } from "~/content/messages";
import { alternatesOf, localeOfPath, localizedHref, localizedPath, pathWithoutLocale } from "./contracts/locale-paths";

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

/**
 * Links in the shown page's language (decision 0167): `localize(href)` gives a page of this site its
 * language's address (/contact → /de/contact), and leaves other sites, files and fragments as they
 * are. The language is the page's words' (no router needed: a form rendered alone in a test too);
 * without words, the default language's.
 */
export function useLocalizedPath() {
  const code = usePageLang() ?? locales[0]!.code;
  return (href: string) => localizedHref(href, code, locales);
}

// The public site's addresses per language (decision 0160): the first language of content/locales.yaml
// is the default, at today's addresses without a prefix; every other one under /<code>/ with the same
// paths below it (/de/faq, /fr/gallery/men/tshirt). Shared by the routes, the prerender list, each
// page's head, the sitemap, the language switcher and the server. Small: every page loads it.

/** A language of the site, as content/locales.yaml lists it. */
export type Locale = { code: string; name: string; dir: "ltr" | "rtl"; ogLocale: string };

/** The default language: the first of the list. */
export function defaultLocale<L extends Pick<Locale, "code">>(locales: readonly L[]): L {
  const first = locales[0];
  if (!first) throw new Error("content/locales.yaml lists no language");
  return first;
}

/** The language a path is in, by its prefix (/de/faq → de); the default for an unprefixed path. */
export function localeOfPath<L extends Pick<Locale, "code">>(pathname: string, locales: readonly L[]): L {
  const first = /^\/([^/]+)(?:\/|$)/.exec(pathname)?.[1];
  return locales.slice(1).find((l) => l.code === first) ?? defaultLocale(locales);
}

/** A path without its language prefix: /de/faq → /faq, /de → /, /faq → /faq. */
export function pathWithoutLocale(pathname: string, locales: readonly Pick<Locale, "code">[]): string {
  const locale = localeOfPath(pathname, locales);
  if (locale === defaultLocale(locales)) return pathname;
  return pathname.slice(locale.code.length + 1) || "/";
}

/** A default-language path (/faq, /) in a language: /de/faq, /de (a language's home page, without a trailing slash like every other page). */
export function localizedPath(path: string, code: string, locales: readonly Pick<Locale, "code">[]): string {
  if (code === defaultLocale(locales).code) return path;
  if (!locales.some((l) => l.code === code)) throw new Error(`No language "${code}" in content/locales.yaml`);
  return path === "/" ? `/${code}` : `/${code}${path}`;
}

/** Every language's address of one page: `paths` in each language, the default's first. */
export function localizedPaths(paths: readonly string[], locales: readonly Pick<Locale, "code">[]): string[] {
  return locales.flatMap((l) => paths.map((p) => localizedPath(p, l.code, locales)));
}

/** The same page in every language (hreflang alternates, the sitemap, the switcher), the default's first. */
export function alternatesOf<L extends Pick<Locale, "code">>(pathname: string, locales: readonly L[]): { locale: L; path: string }[] {
  const path = pathWithoutLocale(pathname, locales);
  return locales.map((locale) => ({ locale, path: localizedPath(path, locale.code, locales) }));
}

/**
 * A link's address in a language (decision 0167): a page of this site (/contact, /our-company/compliance#gots)
 * gets the language's prefix; anything else is left as it is: another site, mail, a fragment, a file
 * (/media/…, one for every language; a line sheet's address is made in its language by the build,
 * /de/line-sheets/men-line-sheet.pdf: decision 0175) and an address already in a language.
 */
export function localizedHref(href: string, code: string, locales: readonly Pick<Locale, "code">[]): string {
  if (!href.startsWith("/") || href.startsWith("//")) return href;
  const path = /^[^?#]*/.exec(href)![0];
  if (/\.[a-z0-9]+$/i.test(path) || localeOfPath(path, locales) !== defaultLocale(locales)) return href;
  const rest = href.slice(path.length);
  // The home page with a fragment or query: /de#top, as localizedPath writes a language's home page.
  return `${localizedPath(path, code, locales)}${rest}`;
}

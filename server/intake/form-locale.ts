import type { Context } from "hono";
import { localizedPath } from "../../app/lib/contracts/locale-paths";

// A form's language (decision 0164): the hidden `locale` field its prerendered page carries, checked
// against the served build's languages. An unknown or missing one is the default's, never an error:
// the lead is stored and answered all the same.

/** The served build's language codes, the default first; English only for a build that names none. */
export type SiteLocales = () => readonly string[] | undefined;

const codesOf = (locales: SiteLocales) => {
  const codes = locales();
  return codes && codes.length > 0 ? codes : ["en"];
};

/** The form's language: `value` when it is one of the site's, else the default's. */
export function localeOfForm(value: string | undefined, locales: SiteLocales): string {
  const codes = codesOf(locales);
  return value !== undefined && codes.includes(value) ? value : codes[0]!;
}

/**
 * The language of the page a post came from, by its Referer's prefix (/de/contact → de), for the
 * answers given before the body is read (too many posts, too large): the default's without one.
 */
export function localeOfReferer(c: Context, locales: SiteLocales): string {
  const codes = codesOf(locales);
  let path = "";
  try {
    path = new URL(c.req.header("referer") ?? "").pathname;
  } catch {
    // No Referer, or not an address: the default language.
  }
  const first = /^\/([^/]+)(?:\/|$)/.exec(path)?.[1];
  return localeOfForm(first, locales) === first ? first : codes[0]!;
}

/** A result page's path in the form's language: /contact/sent → /de/contact/sent (the default's unprefixed). */
export function answerIn(path: string, locale: string, locales: SiteLocales): string {
  return localizedPath(
    path,
    locale,
    codesOf(locales).map((code) => ({ code })),
  );
}

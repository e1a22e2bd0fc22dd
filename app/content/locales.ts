import data from "virtual:content/locales";
import type { Locale } from "../lib/contracts/locale-paths";

// The site's languages (content/locales.yaml, decision 0160), the default first: each page's
// <html lang dir>, its hreflang links and the language switcher.
export const locales = data as Locale[];

/**
 * A language's copy of something kept per language (a build-time module by code: the FAQ, the quote
 * form's words …), by the address's prefix; none or an unknown one: the default language's.
 */
export function inLanguage<T>(byCode: Readonly<Record<string, T>>, code: string | undefined): T {
  const fallback = locales[0]!.code;
  return byCode[code ?? fallback] ?? byCode[fallback]!;
}

import data from "virtual:content/locales";
import type { Locale } from "../lib/contracts/locale-paths";

// The site's languages (content/locales.yaml, decision 0160), the default first: each page's
// <html lang dir>, its hreflang links and the language switcher.
export const locales = data as Locale[];

/** A value per language by the address's code (none or an unknown one: the default language's), decision 0168. */
export function inLanguage<T>(perLanguage: Readonly<Record<string, T>>, code: string | undefined): T | undefined {
  const fallback = locales[0]!.code;
  return perLanguage[code ?? fallback] ?? perLanguage[fallback];
}

import data from "virtual:content/locales";
import type { Locale } from "../lib/contracts/locale-paths";

// The site's languages (content/locales.yaml, decision 0160), the default first: each page's
// <html lang dir>, its hreflang links and the language switcher.
export const locales = data as Locale[];

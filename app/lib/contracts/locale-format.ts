// Dates and numbers in a page's language (decision 0167): the Intl locale of a language's code. The
// site's English is British (colour, customisation), so its dates read "6 December 2026"; every other
// language takes its code's own formats ("6. Dezember 2026", "6 décembre 2026", "6 de diciembre de 2026").
// Formatted at build time where the content reader can (the job facts), else where a page shows them.
// A page that formats them as it renders is loaded in Chromium in every language (e2e/deploy-nginx.spec.ts,
// decision 0173): the browser's Intl is not Node's, and a difference shows only at hydration.

/** The Intl locale of a language of content/locales.yaml, by its code. */
export const formatLocale = (code: string | undefined): string => (!code || code === "en" ? "en-GB" : code);

/** A day (YYYY-MM-DD) as a long date in a language: 6 December 2026, 6. Dezember 2026. */
export const longDay = (day: string, code: string | undefined): string =>
  new Intl.DateTimeFormat(formatLocale(code), { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));

/** A whole number with the language's grouping: 1,000 (English), 1.000 (German), 1 000 (French). */
export const wholeNumber = (n: number, code: string | undefined): string => new Intl.NumberFormat(formatLocale(code)).format(n);

/** A time as the staff desk and its e-mails show it everywhere: "2026-11-27 14:05 UTC". */
export const utcMinute = (date: Date) => `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;

/** A time to the second, as the audit log and the content history list it: "2026-11-27 14:05:09 UTC". */
export const utcSecond = (date: Date) => `${date.toISOString().slice(0, 19).replace("T", " ")} UTC`;

/**
 * A date field's value (YYYY-MM-DD) as that day's start in UTC; anything else: undefined. Only a
 * real day (not 2026-02-30, which Date would roll over) of the years 0001–9999: the year 0000 is no
 * year PostgreSQL stores, and every day the desk filters on fits in four digits (decision 0134).
 */
export function utcDay(value: string | undefined): Date | undefined {
  if (!value || !/^\d{4}-\d\d-\d\d$/.test(value) || value.startsWith("0000")) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? date : undefined;
}

/** 9999-12-31T23:59:59.999Z: the day after 9999-12-31 would be a five-digit year (+010000), which no database reads back. */
const lastFourDigitTime = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** The start of the day after `day` (a filter "to" a day includes all of it). */
export const dayAfter = (day: Date) => new Date(Math.min(day.getTime() + 86_400_000, lastFourDigitTime));

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const dayFormat = (locale: string) => {
  let format = dayFormats.get(locale);
  if (!format) {
    // English as the company writes it ("28 December 2026"); another language as `Intl` has it ("28. Dezember 2026").
    format = new Intl.DateTimeFormat(locale === "en" ? "en-GB" : locale, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
    dayFormats.set(locale, format);
  }
  return format;
};
/**
 * "28 December 2026" for a YYYY-MM-DD day or a date: a quotation's days, in its PDF, its e-mails and
 * its page; in the buyer's language with `locale` (decision 0164: "28. Dezember 2026").
 */
export const longDay = (day: string | Date, locale = "en") => dayFormat(locale).format(typeof day === "string" ? new Date(`${day}T00:00:00Z`) : day);

/** A time as the staff desk and its e-mails show it everywhere: "2026-11-27 14:05 UTC". */
export const utcMinute = (date: Date) => `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;

/** A time to the second, as the audit log and the content history list it: "2026-11-27 14:05:09 UTC". */
export const utcSecond = (date: Date) => `${date.toISOString().slice(0, 19).replace("T", " ")} UTC`;

/** A date field's value (YYYY-MM-DD) as that day's start in UTC; anything else: undefined. */
export function utcDay(value: string | undefined): Date | undefined {
  if (!value || !/^\d{4}-\d\d-\d\d$/.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** The start of the day after `day` (a filter "to" a day includes all of it). */
export const dayAfter = (day: Date) => new Date(day.getTime() + 86_400_000);

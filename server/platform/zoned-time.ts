// The one reader of a time zone's wall clock (decision 0157): the desk's working hours and due
// times, the digest's day and hour, the reports' weeks and the pipeline's months all read local
// dates and times through here (Intl.DateTimeFormat, one formatter per zone).

/** A moment as the wall clock of a zone reads it; `weekday` 0 = Sunday … 6 = Saturday. */
export type WallClock = { date: string; year: number; month: number; day: number; weekday: number; hour: number; minute: number; second: number };

const weekdayIndex: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      weekday: "short",
      hourCycle: "h23",
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** `instant` as `timeZone`'s wall clock reads it. An unknown zone throws (RangeError), as Intl does. */
export function wallClock(instant: Date | number, timeZone: string): WallClock {
  const parts = Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  const year = Number(parts.year);
  const month = Number(parts.month);
  const day = Number(parts.day);
  return {
    date: `${String(year).padStart(4, "0")}-${parts.month}-${parts.day}`,
    year,
    month,
    day,
    weekday: weekdayIndex[parts.weekday!] ?? 0,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in milliseconds. */
export function offsetAt(instant: number, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(instant / 1000) * 1000;
}

const dayMs = 86_400_000;

/** The local date `instant` falls on in `timeZone`, as that date's UTC midnight (a number to count days with). */
export function localDay(instant: number, timeZone: string): number {
  const wall = instant + offsetAt(instant, timeZone);
  return wall - (((wall % dayMs) + dayMs) % dayMs);
}

/**
 * The instant `timeZone`'s clock reads `minutes` after midnight of the local day `day` (a UTC
 * midnight standing for the local date). A time skipped by a clock change is moved on by the change
 * (02:30 on a night the clock jumps from 02:00 to 03:00 reads as 03:30).
 */
export function instantOf(day: number, minutes: number, timeZone: string): number {
  const wall = day + minutes * 60_000;
  const first = wall - offsetAt(wall, timeZone);
  const second = wall - offsetAt(first, timeZone);
  return offsetAt(second, timeZone) === offsetAt(first, timeZone) ? second : Math.max(first, second);
}

/** The local date (YYYY-MM-DD) `instant` falls on in `timeZone`. */
export const localDate = (instant: Date, timeZone: string): string => wallClock(instant, timeZone).date;

/** The instant the local day `day` (YYYY-MM-DD) starts in `timeZone`. */
export const startOfLocalDay = (day: string, timeZone: string): Date => new Date(instantOf(Date.parse(`${day}T00:00:00Z`), 0, timeZone));

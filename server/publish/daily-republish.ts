/**
 * Job openings and certificate records end by date, not by an edit: a build after midnight (UTC,
 * the day the build's open/valid check uses) takes the openings past their "valid through" day and
 * the certificates past their "valid until" day off the site (app/content/reader), so the server
 * republishes once a day even when nobody saved anything.
 */

/** The reason the status page shows for the daily build. */
export const dailyRepublishReason = "(daily republish: job openings and certificates past their date leave the site)";

/** Milliseconds from `now` to the next UTC midnight, plus a minute so the new day has surely begun. */
export function msUntilNextUtcDay(now: number, marginMs = 60_000): number {
  const day = 24 * 60 * 60 * 1000;
  return day - (now % day) + marginMs;
}

/** Calls `republish` at every next UTC day until stopped; the timer never keeps the process alive. */
export function scheduleDailyRepublish(republish: () => void, now: () => number = Date.now): () => void {
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    timer = setTimeout(() => {
      republish();
      schedule();
    }, msUntilNextUtcDay(now()));
    timer.unref();
  };
  schedule();
  return () => clearTimeout(timer);
}

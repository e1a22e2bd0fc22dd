/**
 * Job openings close by date, not by an edit: a build after midnight (UTC, the day the build's
 * open/expired check uses) takes the ones past their "valid through" day off the site, so the server
 * republishes once a day even when nobody saved anything.
 */

/** The reason the status page shows for the daily build. */
export const dailyRepublishReason = "(daily republish: job openings past their date close)";

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

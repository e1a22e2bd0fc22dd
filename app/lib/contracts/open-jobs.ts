// Which job openings are on the site: those whose last day to apply (valid through, inclusive) is
// today or later. "Today" is the build's date (UTC), so an expired opening drops out at the next
// build; tests pass their own day.

/** A day as YYYY-MM-DD (UTC), the form the studio's date fields store. */
export const isoDay = (now: Date = new Date()) => now.toISOString().slice(0, 10);

/** True while applications are taken: valid through today or later (YYYY-MM-DD compare as text). */
export const isOpen = (job: { validThrough: string }, today: string = isoDay()) => job.validThrough >= today;

/** The openings still open on `today`, in the order given. */
export function openJobs<T extends { validThrough: string }>(jobs: readonly T[], today: string = isoDay()): T[] {
  return jobs.filter((job) => isOpen(job, today));
}

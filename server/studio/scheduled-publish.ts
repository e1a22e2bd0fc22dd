import type { Database } from "../db/db";
import { reasonOf } from "../db/db";
import { logLine } from "../platform/log-text";
import { utcMinute } from "../platform/utc-time";
import type { Drafts } from "./drafts";
import { claimDuePublishes, finishPublish, type ClaimedPublish } from "./publish-requests";

// Scheduled publishes run (decision 0159): every request due on the clock is claimed once across
// instances (publish-requests.ts) and published by the claiming instance; a request found more than
// `lateAfterMs` past its time (the server was down then) is published at once, and its revision's
// audit entry and the request say so: "published late: the server was down at …"; one whose run
// never finished (its instance died) is claimed again after a lease and says that.

/** How often a running server looks for due publishes. */
export const publishCheckMs = 30_000;
/** Past its time by more than this, a publish ran late (two missed checks and some). */
export const lateAfterMs = 2 * publishCheckMs + 30_000;

export type PublishRun = { request: ClaimedPublish; outcome: "done" | "failed"; note?: string; revisionId?: number };

/** Publishes every request due at `now` that this call claims; returns what each did. */
export async function runDuePublishes({ db, drafts, now }: { db: Database; drafts: Drafts; now: Date }): Promise<PublishRun[]> {
  const runs: PublishRun[] = [];
  for (const request of await claimDuePublishes(db, now)) {
    const late = request.runAt && now.getTime() - request.runAt.getTime() > lateAfterMs;
    const note = request.interruptedAt
      ? `published again: the run that began at ${utcMinute(request.interruptedAt)} did not finish`
      : late
        ? `published late: the server was down at ${utcMinute(request.runAt!)}`
        : undefined;
    const actor = {
      ...(request.requestedById ? { id: request.requestedById } : {}),
      name: request.requestedByName,
      ...(request.requestedByEmail ? { email: request.requestedByEmail } : {}),
    };
    let run: PublishRun;
    try {
      const outcome = await drafts.publish(request.entries, actor, note);
      run = outcome.ok ? { request, outcome: "done", note, revisionId: outcome.revision?.id } : { request, outcome: "failed", note: outcome.reason };
    } catch (error) {
      run = { request, outcome: "failed", note: `the files could not be written (${reasonOf(error)})` };
    }
    await finishPublish(db, { id: request.id, outcome: run.outcome, revisionId: run.revisionId, note: run.note, at: now });
    runs.push(run);
  }
  return runs;
}

/**
 * Runs due publishes now (a start after a publish's time runs it, late) and every `everyMs` on the
 * injected clock. Returns stop().
 */
export function startScheduledPublishing({
  db,
  drafts,
  now = () => new Date(),
  everyMs = publishCheckMs,
  log = (line: string) => console.log(line),
}: {
  db: Database;
  drafts: Drafts;
  now?: () => Date;
  everyMs?: number;
  log?: (line: string) => void;
}) {
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = running
      .then(() => runDuePublishes({ db, drafts, now: now() }))
      .then((runs) => {
        for (const { request, outcome, note } of runs) {
          log(`publish: scheduled publish #${request.id} ${outcome === "done" ? "published" : "failed"}${note ? logLine` ${note}` : ""}`);
        }
      })
      .catch((error: unknown) => console.error(logLine`publish: ${new Date()} looking for scheduled publishes failed: ${reasonOf(error)}`));
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return {
    stop: () => clearInterval(timer),
    /** Resolves when the check under way has ended (tests). */
    settled: () => running,
  };
}

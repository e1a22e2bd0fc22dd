// What publishing reports (server/publish/publish-queue.ts keeps it; /keystatic/status serves it as
// JSON): shared with the studio's corner badge (studio/publish-status.tsx), which reads it in the
// browser. Types only.

/** The outcome of one publish, as the status page and the studio's badge show it. */
export type PublishRecord = {
  ok: boolean;
  /** Content files whose change started it (relative to CONTENT_DIR), at most 20. */
  changes: string[];
  startedAt: string;
  finishedAt: string;
  durationMs: number;
  /** The build's output (its tail): a failed content check names the file and field there. */
  output: string;
  /** One line saying why it failed. */
  error?: string;
};

export type PublishState = {
  /** idle: nothing to do; waiting: changes seen, debounce running; building: a build is running. */
  phase: "idle" | "waiting" | "building";
  /** A change arrived during the running build: exactly one more build follows it. */
  queued: boolean;
  /** The build being served and when it went live. */
  live?: { id: string; publishedAt: string };
  last?: PublishRecord;
};

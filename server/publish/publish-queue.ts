import type { PublishRecord, PublishState } from "../../app/lib/contracts/publish-state";
import { logValue, oneLine } from "../platform/log-text";

export type { PublishRecord, PublishState };

/** Thrown by a builder when the build fails; its output is kept for the status page. */
export class BuildFailure extends Error {
  constructor(
    message: string,
    readonly output: string,
  ) {
    super(message);
    this.name = "BuildFailure";
  }
}

export type BuildResult<Release> = { id: string; release: Release; output: string };

export type PublishQueueOptions<Release> = {
  /** Builds the site into a fresh directory; throws (BuildFailure) when the build fails. */
  build: () => Promise<BuildResult<Release>>;
  /** Puts a finished build live (atomically); not called for a failed build. */
  swap: (release: Release, id: string) => void | Promise<void>;
  /** Quiet time after the last change before a build starts (a save writes several files). */
  debounceMs?: number;
  /** The build live at start, if any. */
  live?: { id: string; publishedAt: string };
  log?: (message: string) => void;
  now?: () => number;
};

const maxOutput = 16_000;

/**
 * Rebuild-and-swap on content changes: changes are debounced, one build runs at a time, a change
 * during a build queues exactly one more, and a failed build leaves the live site as it was.
 */
export function createPublishQueue<Release>({ build, swap, debounceMs = 1000, live, log = () => {}, now = Date.now }: PublishQueueOptions<Release>) {
  const state: PublishState = { phase: "idle", queued: false, live };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending = new Set<string>();
  let running: Promise<void> | undefined;
  let closed = false;
  const idleWaiters: Array<() => void> = [];

  const settleIfIdle = () => {
    if (state.phase !== "idle") return;
    for (const resolve of idleWaiters.splice(0)) resolve();
  };

  async function runBuild() {
    const changes = [...pending].slice(0, 20);
    pending = new Set();
    state.phase = "building";
    state.queued = false;
    const started = now();
    const record = (ok: boolean, output: string, error?: string): PublishRecord => ({
      ok,
      changes,
      startedAt: new Date(started).toISOString(),
      finishedAt: new Date(now()).toISOString(),
      durationMs: now() - started,
      output: output.length > maxOutput ? `…${output.slice(-maxOutput)}` : output,
      ...(error ? { error } : {}),
    });
    log(changes.length ? `publish: building (${changes.map(logValue).join(", ")})` : "publish: building (start)");
    try {
      const result = await build();
      await swap(result.release, result.id);
      state.last = record(true, result.output);
      state.live = { id: result.id, publishedAt: state.last.finishedAt };
      log(`publish: ${result.id} is live after ${state.last.durationMs} ms`);
    } catch (error) {
      const output = error instanceof BuildFailure ? error.output : "";
      const message = error instanceof Error ? error.message : String(error);
      state.last = record(false, output, message);
      log(`publish: build failed, the live site is unchanged: ${oneLine(message)}`);
    }
    if (state.queued && !closed) {
      running = runBuild();
      return;
    }
    state.phase = timer ? "waiting" : "idle";
    running = undefined;
    settleIfIdle();
  }

  function start() {
    timer = undefined;
    if (closed) return;
    if (running) {
      state.queued = true;
      return;
    }
    running = runBuild();
  }

  return {
    /** A content file changed (path relative to CONTENT_DIR). */
    notify(path = "") {
      if (closed) return;
      if (path) pending.add(path);
      if (timer) clearTimeout(timer);
      timer = setTimeout(start, debounceMs);
      if (state.phase === "idle") state.phase = "waiting";
    },
    state(): PublishState {
      return structuredClone(state);
    },
    /** Resolves once nothing waits and nothing builds. */
    idle(): Promise<void> {
      return new Promise((resolve) => {
        idleWaiters.push(resolve);
        settleIfIdle();
      });
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}

export type PublishQueue = ReturnType<typeof createPublishQueue>;

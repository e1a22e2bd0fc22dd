import { existsSync, readdirSync, readFileSync } from "node:fs";
import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { readServedSite, type ServedSite } from "../platform/live-site";
import { BuildFailure, type BuildResult } from "./publish-queue";
import { forgetServing, noteServing } from "./releases-in-use";
import { afterSwap } from "./site-build";

// GitHub mode's preview (decision 0159): a branch's content, exported from the repository's copy into
// a folder of its own, built on request with the same command as the public build into the preview's
// releases, and shown on the preview origin with the bar naming the branch. One preview is shown at a
// time: the newest built. Requests build one after another; a request still waiting when a newer one
// comes is dropped for it (the newest asked is the one wanted).

/** Beside each branch preview release's client folder: which branch and commit it shows, built when, asked by whom. */
export const branchNoteFile = "branch.json";

export type BranchNote = { branch: string; sha: string; builtAt: string; requestedBy: string };

export type BranchPreviewRequest = {
  branch: string;
  sha: string;
  requestedBy: string;
  /** The branch's exported content: a folder named `content` inside a folder of its own, removed once built. */
  contentDir: string;
  /** Removes the export (its parent folder). */
  cleanup: () => Promise<void>;
};

/** The newest request and how it went. */
export type BranchPreviewRun = {
  branch: string;
  sha: string;
  requestedBy: string;
  requestedAt: string;
  phase: "waiting" | "building" | "ready" | "failed";
  /** A failed build: the line that says why; the whole output. */
  reason?: string;
  output?: string;
  finishedAt?: string;
};

export type BranchPreviewOptions = {
  /** One folder per build: build/preview-releases/<id>. */
  releasesDir: string;
  /** Builds the content folder given into a fresh folder of `releasesDir` (siteBuilder, the public build's command). */
  build: (contentDir: string) => Promise<BuildResult<ServedSite>>;
  log?: (message: string) => void;
  now?: () => number;
};

/** The newest release of `releasesDir` with a branch note (what a restart shows again). */
function newestBranchRelease(releasesDir: string): { site: ServedSite; note: BranchNote } | undefined {
  if (!existsSync(releasesDir)) return undefined;
  for (const id of readdirSync(releasesDir)
    .filter((name) => /^\d{4}-/.test(name))
    .sort()
    .reverse()) {
    try {
      const note = JSON.parse(readFileSync(join(releasesDir, id, branchNoteFile), "utf8")) as BranchNote;
      const clientDir = join(releasesDir, id, "client");
      if (typeof note.branch === "string" && typeof note.sha === "string" && existsSync(clientDir)) return { site: readServedSite(clientDir), note };
    } catch {
      continue;
    }
  }
  return undefined;
}

export function createBranchPreview({ releasesDir, build, log = (message) => console.log(message), now = Date.now }: BranchPreviewOptions) {
  // A restart shows again the last preview built.
  const kept = newestBranchRelease(releasesDir);
  let shown: { site: ServedSite; note: BranchNote } | undefined = kept;
  if (kept) noteServing(releasesDir, kept.site.clientDir);
  let latest: BranchPreviewRun | undefined;
  let waiting: BranchPreviewRequest | undefined;
  let running: Promise<void> | undefined;
  let closed = false;
  const at = () => new Date(now()).toISOString();

  const runOne = async (request: BranchPreviewRequest, run: BranchPreviewRun) => {
    run.phase = "building";
    log(`preview: building branch ${request.branch} (${request.sha.slice(0, 7)}), asked by ${request.requestedBy}`);
    try {
      const result = await build(request.contentDir);
      const note: BranchNote = { branch: request.branch, sha: request.sha, builtAt: at(), requestedBy: request.requestedBy };
      await writeFile(join(releasesDir, result.id, branchNoteFile), JSON.stringify(note));
      shown = { site: result.release, note };
      noteServing(releasesDir, result.release.clientDir);
      afterSwap(releasesDir, result.id).catch((error: unknown) => console.error("preview: tidying releases failed:", error));
      Object.assign(run, { phase: "ready", finishedAt: at() });
      log(`preview: branch ${request.branch} (${request.sha.slice(0, 7)}) is the preview (release ${result.id})`);
    } catch (error) {
      const reason = error instanceof BuildFailure || error instanceof Error ? error.message : String(error);
      const output = error instanceof BuildFailure ? error.output : "";
      Object.assign(run, { phase: "failed", reason, output, finishedAt: at() });
      log(`preview: the build of branch ${request.branch} failed: ${reason}`);
    } finally {
      await request.cleanup().catch(() => {});
    }
  };

  const drain = async () => {
    while (waiting && !closed) {
      const request = waiting;
      waiting = undefined;
      if (latest && latest.sha === request.sha && latest.branch === request.branch) await runOne(request, latest);
      else await request.cleanup();
    }
    running = undefined;
  };

  return {
    /**
     * Builds this export next (after a build running now). A request still waiting is dropped for
     * this one; its export removed. The state says "waiting" until the build starts.
     */
    request(request: BranchPreviewRequest): BranchPreviewRun {
      if (waiting) void waiting.cleanup().catch(() => {});
      waiting = request;
      latest = { branch: request.branch, sha: request.sha, requestedBy: request.requestedBy, requestedAt: at(), phase: "waiting" };
      running ??= drain();
      return latest;
    },
    /** The release the preview origin shows: the newest branch preview built; undefined before the first. */
    current: (): ServedSite | undefined => shown?.site,
    /** Which branch and commit the preview shows. */
    shown: (): BranchNote | undefined => shown?.note,
    /** The newest request and how it went (undefined since start when none was made). */
    latest: (): BranchPreviewRun | undefined => (latest ? { ...latest } : undefined),
    /** Resolves once nothing waits and nothing builds. */
    idle: async () => {
      while (running) await running;
    },
    close() {
      closed = true;
      if (waiting) void waiting.cleanup().catch(() => {});
      waiting = undefined;
      forgetServing(releasesDir);
    },
  };
}

export type BranchPreview = ReturnType<typeof createBranchPreview>;

/** Removes an export's folder (the parent of its `content`). */
export const removeExport = (dir: string) => () => rm(dir, { recursive: true, force: true });

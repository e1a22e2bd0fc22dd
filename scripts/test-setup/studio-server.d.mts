export type StudioServer = {
  origin: string;
  port: number;
  /** The temp copy of content/ this server's studio writes (with drafts: the working copy, whose build is the preview). */
  contentDir: string;
  /** With drafts: the published tree the public build reads (decision 0159). */
  publishedDir?: string;
  /** With drafts: the preview's origin (its own free port), for signed-in editors and admins. */
  previewOrigin?: string;
  /** With a shiftable clock: puts the server's clock `ms` ahead of the real one (0: the real clock). */
  shiftClock: (ms: number) => Promise<void>;
  /** Everything the server printed so far. */
  log: () => string;
  stop: () => Promise<void>;
};

export type StudioServerOptions = {
  /** A published tree beside the working copy (as `npm start` makes), so saves are drafts, and a preview port. */
  drafts?: boolean;
  /** The server's clock can be moved ahead (scripts/test-setup/shifted-clock.mjs). */
  shiftableClock?: boolean;
};

/** `npm start`'s server on a free port, serving and editing temp copies of the build and content/. */
export function startStudioServer(env?: Record<string, string>, options?: StudioServerOptions): Promise<StudioServer>;

/** A temp data folder whose embedded database holds the staff desk's e2e accounts (staff-e2e-seed.ts, given `seedArgs`); the caller removes it. */
export function seededDataDir(seedArgs?: string[]): Promise<string>;

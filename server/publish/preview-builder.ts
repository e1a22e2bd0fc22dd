import { existsSync, readdirSync, readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { readServedSite, type ServedSite } from "../platform/live-site";
import { contentTreeHash } from "./content-tree";
import { createPublishQueue, type BuildResult, type PublishState } from "./publish-queue";
import { noteServing } from "./releases-in-use";
import { afterSwap } from "./site-build";

// The preview (decision 0159): a build of the working copy (CONTENT_DIR) after each studio save, into
// its own releases folder, by the same command as the public build. Each release notes the hash of
// the tree it was built from, so a publish whose published tree equals it can take it as it is.
// With the bucket (decision 0178) only the elected publisher builds (`mayBuild`) and hands each
// release to `released` (uploaded under `previews/`); the others show the release the bucket's
// preview pointer names (`follow`, from release-bucket.ts' followReleases), and say so.

/** Beside each preview release's client folder: the tree it was built from, and when. */
export const treeNoteFile = "content-tree.json";

type TreeNote = { tree: string; builtAt: string };

/** A release the preview shows that another instance (the publisher) built: its id, the content tree it was built from, when. */
export type FollowedPreview = { id: string; tree: string; builtAt: string };

/** The preview's status: its builds (this instance's queue) and, when it shows the publisher's build, which one. */
export type PreviewState = PublishState & { followed?: FollowedPreview };

/** A preview release built from one content tree. */
export type TreeRelease = { id: string; dir: string; site: ServedSite; builtAt: string };

export type PreviewBuilderOptions = {
  /** The working copy the studio writes (CONTENT_DIR). */
  contentDir: string;
  /** One folder per preview build: build/preview-releases/<id>. */
  releasesDir: string;
  /** Builds `contentDir` into a fresh folder of `releasesDir` (siteBuilder, the public build's command). */
  build: () => Promise<BuildResult<ServedSite>>;
  /**
   * Runs each build step (the tree's hash, the reuse check, the build) in its turn among the site's
   * builds (`oneBuildAtATime`), so a site build asked after it sees what it made; by default at once.
   */
  inTurn?: <T>(step: () => Promise<T>) => Promise<T>;
  /** Quiet time after the last change before a build starts (as publishing's). */
  debounceMs?: number;
  /** What the preview shows until its first build, when no release of the working copy is kept (the live site, while the trees are equal). */
  startWith?: ServedSite;
  /**
   * Whether this instance builds the preview now (decision 0178: with the bucket, only the elected
   * publisher does; the others follow). A change seen while it answers no is not built; by default yes.
   */
  mayBuild?: () => boolean;
  /** Each release shown once its tree is noted (a build, or a kept release shown again): the publisher uploads it. */
  released?: (dir: string, id: string, tree: string) => void;
  log?: (message: string) => void;
  now?: () => number;
};

/** The tree a preview release was built from, if noted (see treeNoteFile). */
function treeNoteOf(dir: string): TreeNote | undefined {
  try {
    const note = JSON.parse(readFileSync(join(dir, treeNoteFile), "utf8")) as Partial<TreeNote>;
    return typeof note.tree === "string" && typeof note.builtAt === "string" ? { tree: note.tree, builtAt: note.builtAt } : undefined;
  } catch {
    return undefined;
  }
}

const utcDay = (iso: string) => iso.slice(0, 10);

/**
 * The release of `releasesDir` built from the tree with this hash on the same UTC day as `at` (a
 * build reads the date: job openings and certificates past their day leave the site, decision 0076,
 * so yesterday's release is not today's); the newest if several. Undefined when none is kept.
 */
export function releaseForTree(releasesDir: string, hash: string, at: Date = new Date()): TreeRelease | undefined {
  if (!existsSync(releasesDir)) return undefined;
  const ids = readdirSync(releasesDir)
    .filter((name) => /^\d{4}-/.test(name))
    .sort()
    .reverse();
  for (const id of ids) {
    const dir = join(releasesDir, id);
    const note = treeNoteOf(dir);
    if (note?.tree !== hash || utcDay(note.builtAt) !== utcDay(at.toISOString())) continue;
    const clientDir = join(dir, "client");
    if (!existsSync(clientDir)) continue;
    return { id, dir, site: readServedSite(clientDir), builtAt: note.builtAt };
  }
  return undefined;
}

/**
 * The preview's builds, with the publish queue's rules (debounced, one at a time, a change during a
 * build queues one more, a failed build leaves the preview as it was) and a status of its own. A
 * tree that already has a release of today is not built again (a save undone, a restart). A release
 * whose tree changed while it was being built is shown, but not noted for reuse: a later build follows.
 */
export function createPreviewBuilder({
  contentDir,
  releasesDir,
  build,
  inTurn = (step) => step(),
  debounceMs,
  startWith,
  mayBuild = () => true,
  released,
  log = () => {},
  now = Date.now,
}: PreviewBuilderOptions) {
  let current: ServedSite | undefined = startWith;
  let followed: FollowedPreview | undefined;
  /** A release of this instance's shown: handed to `released` when its tree is noted. */
  const shownHere = (id: string) => {
    followed = undefined;
    const note = released ? treeNoteOf(join(releasesDir, id)) : undefined;
    if (note) released?.(join(releasesDir, id), id, note.tree);
  };
  const queue = createPublishQueue<ServedSite>({
    debounceMs,
    now,
    // The queue's lines, said of the preview.
    log: (message) =>
      log(
        message
          .replace(/^publish: /, "preview: ")
          .replace(" is live ", " is the preview ")
          .replace("the live site", "the preview"),
      ),
    build: () =>
      inTurn(async () => {
        const tree = await contentTreeHash(contentDir);
        const kept = releaseForTree(releasesDir, tree, new Date(now()));
        if (kept) return { id: kept.id, release: kept.site, output: `The content is that of release ${kept.id}: shown again, not rebuilt.` };
        const builtAt = new Date(now()).toISOString();
        const result = await build();
        if ((await contentTreeHash(contentDir)) === tree) {
          await writeFile(join(releasesDir, result.id, treeNoteFile), JSON.stringify({ tree, builtAt } satisfies TreeNote));
        }
        return result;
      }),
    swap: (release, id) => {
      current = release;
      shownHere(id);
      // Noted as the public releases are, so another instance's tidying keeps the release shown here.
      noteServing(releasesDir, release.clientDir);
      afterSwap(releasesDir, id).catch((error: unknown) => console.error("preview: tidying releases failed:", error));
    },
  });
  return {
    /** A file of the working copy changed (path relative to it): built, if this instance builds the preview. */
    notify: (path?: string) => {
      if (mayBuild()) queue.notify(path);
    },
    /** The release the preview shows; undefined before its first build (with nothing to start with). */
    current: (): ServedSite | undefined => current,
    /**
     * Shows `release`, which the publisher built from `pointer.tree` and this instance followed from
     * the bucket (decision 0178); its state says so until this instance shows a build of its own.
     */
    follow(release: ServedSite, pointer: FollowedPreview) {
      current = release;
      // When the tree was read (the release's note), not when the pointer was written.
      const note = treeNoteOf(dirname(release.clientDir));
      followed = { id: pointer.id, tree: pointer.tree, builtAt: note?.tree === pointer.tree ? note.builtAt : pointer.builtAt };
    },
    /** The preview's own status: building, waiting, the last build's result; and the publisher's release it shows, if it does. */
    state: (): PreviewState => ({ ...queue.state(), ...(followed ? { followed } : {}) }),
    /** The kept release built from this tree today (see releaseForTree), for a publish to take. */
    releaseForTree: (hash: string, at: Date = new Date(now())) => releaseForTree(releasesDir, hash, at),
    /**
     * At start: a release of the working copy kept from before is shown at once; else `startWith`
     * (given here or to the builder: the live site, when the published tree equals the working
     * copy); else a build is queued.
     */
    async start(startWith?: ServedSite) {
      const kept = releaseForTree(releasesDir, await contentTreeHash(contentDir), new Date(now()));
      // The publisher's release followed meanwhile stays shown (it is the bucket's newest).
      if (followed) return;
      if (kept) {
        current = kept.site;
        noteServing(releasesDir, kept.site.clientDir);
        if (mayBuild()) shownHere(kept.id);
      } else if (startWith) current = startWith;
      else if (!current && mayBuild()) queue.notify();
    },
    /** Resolves once nothing waits and nothing builds. */
    idle: () => queue.idle(),
    close: () => queue.close(),
  };
}

export type PreviewBuilder = ReturnType<typeof createPreviewBuilder>;

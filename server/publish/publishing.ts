import { existsSync } from "node:fs";
import { dirname } from "node:path";
import type { LiveSite, ServedSite } from "../platform/live-site";
import { adoptRelease } from "./adopt-release";
import { contentTreeHash } from "./content-tree";
import { dailyRepublishReason, scheduleDailyRepublish } from "./daily-republish";
import { createPreviewBuilder } from "./preview-builder";
import { createPublishQueue, type BuildResult } from "./publish-queue";
import { forgetServing, noteServing, releaseOf } from "./releases-in-use";
import { afterSwap, oneBuildAtATime, siteBuilder } from "./site-build";
import { watchContent } from "./watch-content";
import type { PublisherElection } from "./publisher-election";

/** The change a build names when this instance has just been elected publisher. */
export const electedReason = "(elected publisher)";

export type PublishingOptions = {
  site: LiveSite;
  /** The tree the public site is built from: the published tree (PUBLISHED_CONTENT_DIR, decision 0159), or CONTENT_DIR without drafts. */
  contentDir: string;
  /** The studio's working copy (CONTENT_DIR), which the preview builds; by default `contentDir` (no drafts: the preview is the site). */
  workingDir?: string;
  projectDir: string;
  releasesDir: string;
  debounceMs: number;
  /** The preview's own releases folder (decision 0159): each save builds the working copy there; none: no preview. */
  previewReleasesDir?: string;
  /**
   * Each public release once swapped in: its folder, id and the hash of the content tree it was built
   * from (decision 0162: the publisher uploads it to the bucket, release-bucket.ts). None: nothing more.
   */
  released?: (dir: string, id: string, tree: string) => void;
  /**
   * With the bucket (decision 0178): each preview release the publisher shows, with its tree, to be
   * uploaded under `previews/`; and then, with `publisher`, only the publisher builds the preview: the
   * others' preview follows the bucket's preview pointer (release-bucket.ts, wired in server/index.ts).
   * None: every instance builds its own preview.
   */
  previewReleased?: (dir: string, id: string, tree: string) => void;
  /** The build command (`npm run build:site` by default; tests pass their own). */
  command?: readonly string[];
  log?: (message: string) => void;
  /**
   * With DATABASE_URL, the election (decision 0162, `publisher-election.ts`): only the publisher
   * builds the public site, and an instance just elected builds the published tree as it is now.
   * None (PGlite, one process): this instance always publishes.
   */
  publisher?: Pick<PublisherElection, "isPublisher" | "onElected">;
  /**
   * The follower wrote into the published tree before this started (decision 0162: another
   * instance published while this one was down), so the release `npm start` chose may be older.
   */
  publishedChangedAtStart?: boolean;
};

/**
 * Watches the published tree and republishes on every change (see publish-queue.ts for the rules),
 * and once a day, so job openings and certificates past their date leave the site without anyone
 * saving. The preview watches and builds the working copy. A publish whose tree the preview has
 * built today takes the preview's release as it is (adopt-release.ts): a swap, not a build.
 */
export function startPublishing({
  site,
  contentDir,
  workingDir = contentDir,
  projectDir,
  releasesDir,
  debounceMs,
  previewReleasesDir,
  command,
  released,
  previewReleased,
  log = (message) => console.log(message),
  publisher,
  publishedChangedAtStart = false,
}: PublishingOptions) {
  // The content tree each public release was built from (seen before its build), for `released`.
  const treeOf = new Map<string, string>();
  const builder = siteBuilder({ projectDir, releasesDir, contentDir, ...(command ? { command } : {}) });
  const previewBuilder = previewReleasesDir
    ? siteBuilder({ projectDir, releasesDir: previewReleasesDir, contentDir: workingDir, ...(command ? { command } : {}) })
    : undefined;
  // The site's and the preview's builds take turns.
  const inTurn = oneBuildAtATime();
  const preview =
    previewReleasesDir && previewBuilder
      ? createPreviewBuilder({
          contentDir: workingDir,
          releasesDir: previewReleasesDir,
          build: previewBuilder,
          inTurn,
          debounceMs,
          log,
          ...(previewReleased ? { released: previewReleased, mayBuild: () => !publisher || publisher.isPublisher() } : {}),
        })
      : undefined;
  // In its turn (after a preview build asked before it), so a publish right after a save finds the release that build makes.
  const publicBuild = (): Promise<BuildResult<ServedSite>> =>
    inTurn(async () => {
      const tree = preview || released ? await contentTreeHash(contentDir) : "";
      const noted = (result: BuildResult<ServedSite>) => {
        if (released) treeOf.set(result.id, tree);
        return result;
      };
      if (preview) {
        const seenAt = new Date();
        const kept = preview.releaseForTree(tree, seenAt);
        if (kept) {
          // A release the preview's tidying removed meanwhile is built instead.
          const adopted = await adoptRelease(kept, releasesDir, seenAt).catch((error: unknown) => {
            console.error(`publish: taking the preview's release ${kept.id} failed, building instead:`, error);
            return undefined;
          });
          if (adopted) return noted(adopted);
        }
      }
      return noted(await builder());
    });
  const queue = createPublishQueue({
    build: publicBuild,
    swap: (release, id) => {
      site.swap(release);
      noteServing(releasesDir, release.clientDir);
      const tree = treeOf.get(id);
      treeOf.delete(id);
      if (released && tree !== undefined) released(dirname(release.clientDir), id, tree);
      // A preview still showing the site's release it started with (the trees were equal) gets one of
      // its own: the site's tidying keeps only the live release and the one before it.
      const shown = preview?.current();
      if (preview && previewReleasesDir && shown && !releaseOf(previewReleasesDir, shown.clientDir)) preview.notify();
      // Housekeeping (the `current` link, old releases) after the swap, not before the status says so.
      afterSwap(releasesDir, id).catch((error: unknown) => console.error("publish: tidying releases failed:", error));
    },
    debounceMs,
    log,
  });
  /** A change of the published tree: built by the publisher only (decision 0162). */
  const publish = (path: string) => {
    if (!publisher || publisher.isPublisher()) queue.notify(path);
  };
  // Elected when the last publisher died (perhaps mid-build): the newest published tree is built. At
  // start `npm start` chose the release of the published tree, unless the follower changed it since.
  let starting = true;
  publisher?.onElected(() => {
    if (!starting || publishedChangedAtStart) queue.notify(electedReason);
    // With previews in the bucket the new publisher builds the working copy's preview (or shows and
    // uploads its release of that tree, followed from the last publisher: no build).
    if (!starting && previewReleased) preview?.notify(electedReason);
  });
  starting = false;
  // At start the preview shows the live site when the two trees are equal (nothing drafted), else its
  // own release of the working copy kept from before, else it builds one.
  const previewStarted = preview
    ? (async () => {
        const equal = workingDir === contentDir || (await contentTreeHash(workingDir)) === (await contentTreeHash(contentDir));
        await preview.start(equal ? site.current : undefined);
      })().catch((error: unknown) => console.error("preview: start failed:", error))
    : Promise.resolve();
  const watched = (dir: string, onChange: (path: string) => void) =>
    existsSync(dir)
      ? watchContent(dir, onChange)
      : (console.error(`publish: ${dir} does not exist; nothing to watch`), { ready: Promise.resolve(), stop: () => {} });
  const watchers =
    workingDir === contentDir
      ? [
          watched(contentDir, (path) => {
            preview?.notify(path);
            publish(path);
          }),
        ]
      : [watched(contentDir, publish), ...(preview ? [watched(workingDir, (path) => preview.notify(path))] : [])];
  // The preview is asked first: its build takes its turn first, and the site's, when the trees are
  // equal, takes that release instead of building the same tree again.
  const stopDaily = scheduleDailyRepublish(() => {
    preview?.notify(dailyRepublishReason);
    publish(dailyRepublishReason);
  });
  return {
    state: () => queue.state(),
    preview,
    /** Resolves once the preview has decided what it shows at start and every content folder is watched. */
    started: () => Promise.all([previewStarted, ...watchers.map((watcher) => watcher.ready)]).then(() => undefined),
    stop() {
      stopDaily();
      for (const watcher of watchers) watcher.stop();
      queue.close();
      builder.stop();
      preview?.close();
      previewBuilder?.stop();
      if (previewReleasesDir) forgetServing(previewReleasesDir);
    },
  };
}

export type Publishing = ReturnType<typeof startPublishing>;

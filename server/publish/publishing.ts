import { existsSync } from "node:fs";
import type { LiveSite } from "../platform/live-site";
import { dailyRepublishReason, scheduleDailyRepublish } from "./daily-republish";
import { createPreviewBuilder } from "./preview-builder";
import { createPublishQueue } from "./publish-queue";
import { noteServing } from "./releases-in-use";
import { afterSwap, oneBuildAtATime, siteBuilder } from "./site-build";
import { watchContent } from "./watch-content";

export type PublishingOptions = {
  site: LiveSite;
  contentDir: string;
  projectDir: string;
  releasesDir: string;
  debounceMs: number;
  /** The preview's own releases folder (decision 0159): each save also builds the working copy there; none: no preview. */
  previewReleasesDir?: string;
};

/**
 * Watches CONTENT_DIR and republishes on every change (see publish-queue.ts for the rules), and once
 * a day, so job openings and certificates past their date leave the site without anyone saving.
 */
export function startPublishing({ site, contentDir, projectDir, releasesDir, debounceMs, previewReleasesDir }: PublishingOptions) {
  const builder = siteBuilder({ projectDir, releasesDir, contentDir });
  // The site's and the preview's builds take turns.
  const inTurn = oneBuildAtATime();
  const queue = createPublishQueue({
    build: () => inTurn(builder),
    swap: (release, id) => {
      site.swap(release);
      noteServing(releasesDir, release.clientDir);
      // Housekeeping (the `current` link, old releases) after the swap, not before the status says so.
      afterSwap(releasesDir, id).catch((error: unknown) => console.error("publish: tidying releases failed:", error));
    },
    debounceMs,
    log: (message) => console.log(message),
  });
  // The preview: the same command on the working copy, into its own folder. Until the published tree
  // of decision 0159 exists, the live site is a build of the same tree, so it is the preview until the first save.
  const previewBuilder = previewReleasesDir ? siteBuilder({ projectDir, releasesDir: previewReleasesDir, contentDir }) : undefined;
  const preview =
    previewReleasesDir && previewBuilder
      ? createPreviewBuilder({
          contentDir,
          releasesDir: previewReleasesDir,
          build: () => inTurn(previewBuilder),
          debounceMs,
          startWith: site.current,
          log: (message) => console.log(message),
        })
      : undefined;
  preview?.start().catch((error: unknown) => console.error("preview: start failed:", error));
  const stopWatching = existsSync(contentDir)
    ? watchContent(contentDir, (path) => {
        queue.notify(path);
        preview?.notify(path);
      })
    : (console.error(`publish: ${contentDir} does not exist; nothing to watch`), () => {});
  const stopDaily = scheduleDailyRepublish(() => {
    queue.notify(dailyRepublishReason);
    preview?.notify(dailyRepublishReason);
  });
  return {
    state: () => queue.state(),
    preview,
    stop() {
      stopDaily();
      stopWatching();
      queue.close();
      builder.stop();
      preview?.close();
      previewBuilder?.stop();
    },
  };
}

import { existsSync } from "node:fs";
import type { LiveSite } from "../platform/live-site";
import { dailyRepublishReason, scheduleDailyRepublish } from "./daily-republish";
import { createPublishQueue } from "./publish-queue";
import { noteServing } from "./releases-in-use";
import { afterSwap, siteBuilder } from "./site-build";
import { watchContent } from "./watch-content";

export type PublishingOptions = {
  site: LiveSite;
  contentDir: string;
  projectDir: string;
  releasesDir: string;
  debounceMs: number;
};

/**
 * Watches CONTENT_DIR and republishes on every change (see publish-queue.ts for the rules), and once
 * a day, so job openings and certificates past their date leave the site without anyone saving.
 */
export function startPublishing({ site, contentDir, projectDir, releasesDir, debounceMs }: PublishingOptions) {
  const builder = siteBuilder({ projectDir, releasesDir, contentDir });
  const queue = createPublishQueue({
    build: builder,
    swap: (release, id) => {
      site.swap(release);
      noteServing(releasesDir, release.clientDir);
      // Housekeeping (the `current` link, old releases) after the swap, not before the status says so.
      afterSwap(releasesDir, id).catch((error: unknown) => console.error("publish: tidying releases failed:", error));
    },
    debounceMs,
    log: (message) => console.log(message),
  });
  const stopWatching = existsSync(contentDir)
    ? watchContent(contentDir, (path) => queue.notify(path))
    : (console.error(`publish: ${contentDir} does not exist; nothing to watch`), () => {});
  const stopDaily = scheduleDailyRepublish(() => queue.notify(dailyRepublishReason));
  return {
    state: () => queue.state(),
    stop() {
      stopDaily();
      stopWatching();
      queue.close();
      builder.stop();
    },
  };
}

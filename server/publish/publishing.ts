import { existsSync } from "node:fs";
import type { LiveSite } from "../live-site";
import { createPublishQueue } from "./publish-queue";
import { afterSwap, siteBuilder } from "./site-build";
import { watchContent } from "./watch-content";

export type PublishingOptions = {
  site: LiveSite;
  contentDir: string;
  projectDir: string;
  releasesDir: string;
  debounceMs: number;
};

/** Watches CONTENT_DIR and republishes on every change (see publish-queue.ts for the rules). */
export function startPublishing({ site, contentDir, projectDir, releasesDir, debounceMs }: PublishingOptions) {
  const queue = createPublishQueue({
    build: siteBuilder({ projectDir, releasesDir, contentDir }),
    swap: async (release, id) => {
      site.swap(release);
      await afterSwap(releasesDir, id);
    },
    debounceMs,
    log: (message) => console.log(message),
  });
  const stopWatching = existsSync(contentDir)
    ? watchContent(contentDir, (path) => queue.notify(path))
    : (console.error(`publish: ${contentDir} does not exist; nothing to watch`), () => {});
  return {
    state: () => queue.state(),
    stop() {
      stopWatching();
      queue.close();
    },
  };
}

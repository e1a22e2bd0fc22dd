import { pagePaths } from "../content/page-paths";
import { formResultPagePaths } from "../features/forms/mail/form-post";
import { galleryFamilySlugsOnDisk, galleryItemPathsOnDisk } from "../features/gallery/gallery-content.server";
import { galleryFamilyPath } from "../features/gallery/gallery-data";
import { jobPathsOnDisk } from "../features/jobs/job-paths.server";

/** /data.json (SPEC §7) is prerendered too: the file the gallery reads in the browser. */
export const galleryDataFile = "/data.json";

/**
 * Every page the build renders to HTML, the forms' result pages included. /404 becomes build/client/404.html (scripts/build/steps/not-found-page.mjs).
 * Gallery family and item paths are the files of content/gallery/families/ and items/; the build reads and checks them
 * (react-router.config.ts), so a bad file fails it naming the file and the field. The rest of
 * content/ is validated by the content plugin (app/content/reader/vite-plugin.ts) as the build starts.
 */
export function prerenderPaths(): string[] {
  const fixed = Object.values(pagePaths);
  const galleryPages = [...galleryFamilySlugsOnDisk().map(galleryFamilyPath), ...galleryItemPathsOnDisk()];
  return [...new Set([...fixed, ...formResultPagePaths(), ...galleryPages, ...jobPathsOnDisk()])];
}

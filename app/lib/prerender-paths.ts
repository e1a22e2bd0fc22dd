import { pagePaths } from "../content/page-paths";
import type { SiteContent } from "../content/reader/site-content.server";
import { formResultPagePaths } from "./contracts/form-results";
import { quotePaths, quoteResultPagePaths } from "./contracts/quote";

/** /data.json is prerendered too: the file the gallery reads in the browser. */
export const galleryDataFile = "/data.json";

/**
 * Every page the build renders to HTML: the fixed pages, the forms' result pages, /quote and its result pages, and the gallery
 * family, item and job pages the content makes (read and checked once: app/content/reader).
 * /404 becomes build/client/404.html (scripts/build/steps/not-found-page.mjs).
 */
export function prerenderPaths({ paths }: Pick<SiteContent, "paths">): string[] {
  return [
    ...new Set([
      ...Object.values(pagePaths),
      ...formResultPagePaths(),
      quotePaths.form,
      ...quoteResultPagePaths(),
      ...paths.galleryFamilies,
      ...paths.galleryItems,
      ...paths.jobs,
    ]),
  ];
}

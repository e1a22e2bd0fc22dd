import { pagePaths } from "../content/page-paths";
import type { SiteContent } from "../content/reader/site-content.server";
import { formResultPagePaths } from "./contracts/form-results";
import { localizedPaths } from "./contracts/locale-paths";
import { quotePaths, quoteResultPagePaths } from "./contracts/quote";

/** /data.json is prerendered too: the file the gallery reads in the browser. */
export const galleryDataFile = "/data.json";

/** The gallery's data file in every language (decision 0171): /data.json, /de/data.json … */
export const galleryDataFiles = (locales: readonly { code: string }[]) => [
  galleryDataFile,
  ...locales.slice(1).map(({ code }) => `/${code}${galleryDataFile}`),
];

/**
 * Every page the build renders to HTML, in every language of content/locales.yaml (decision 0160):
 * the default language's at the paths below, every other one's under /<code>/.
 */
export function prerenderPaths(content: Pick<SiteContent, "paths" | "locales">): string[] {
  return localizedPaths(pagePathsOf(content), content.locales);
}

/**
 * Every page in the default language: the fixed pages, the forms' result pages, /quote and its result pages, and the gallery
 * family, item and job pages the content makes (read and checked once: app/content/reader).
 * /404 becomes build/client/404.html (scripts/build/steps/not-found-page.mjs).
 */
export function pagePathsOf({ paths }: Pick<SiteContent, "paths">): string[] {
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

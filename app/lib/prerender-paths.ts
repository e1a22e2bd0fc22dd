import { pagePaths } from "../content/page-paths";
import { validateContent } from "../content/validate";
import { galleryDataPaths, readGalleryData } from "../features/gallery/gallery-data.server";

/**
 * Every path the build renders to HTML. /404 becomes build/client/404.html (scripts/postbuild.mjs).
 * Gallery item paths come from public/data.json, validated here so a bad entry fails the build.
 * content/ is validated by the content plugin (app/content/reader/vite-plugin.ts) as the build starts.
 */
export function prerenderPaths(): string[] {
  validateContent();
  const fixed = Object.values(pagePaths);
  return [...new Set([...fixed, ...galleryDataPaths(readGalleryData())])];
}

import { galleryItemPaths } from "../content/gallery-catalog";
import { pages } from "../content/pages";
import { validateContent } from "../content/validate";

/** Every path the build renders to HTML. /404 becomes build/client/404.html (scripts/postbuild.mjs). */
export function prerenderPaths(): string[] {
  validateContent();
  const fixed = Object.values(pages).map((p) => p.path);
  return [...new Set([...fixed, ...galleryItemPaths()])];
}

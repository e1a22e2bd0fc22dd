import data from "virtual:content/galleryShowcases";
import type { ContentModules } from "./reader/site-content.server";

// The three static gallery pages (content/gallery/showcases.yaml): a video and three cards each.
// Keys are page ids of app/content/page-paths.ts; `file` names the content file in build errors.
export type GalleryShowcases = ContentModules["galleryShowcases"];
export type GalleryShowcase = GalleryShowcases["homeTextile"];
export const galleryShowcases = data as GalleryShowcases;

import data from "virtual:content/galleryShowcases";
import { inLanguage } from "./locales";
import type { ContentModules } from "./reader/site-content.server";

// The three static gallery pages (content/gallery/showcases.yaml) in each language (decision 0174):
// a video and three cards each, a card's title from content/gallery/<code>/showcases.yaml where it
// is translated, with its `lang` (null: the page's own). Keys are page ids of
// app/content/page-paths.ts; `file` names the English file in build errors. Only the showcase
// route's build-time loader imports it: a page gets its own language's words as loader data.
export type GalleryShowcases = ContentModules["galleryShowcases"][string];
export type GalleryShowcase = GalleryShowcases["homeTextile"];
const showcases = data as ContentModules["galleryShowcases"];

/** The static gallery pages in a language by its code (the address's prefix; none or an unknown one: the default language's). */
export function galleryShowcasesIn(code: string | undefined): GalleryShowcases {
  return inLanguage(showcases, code);
}

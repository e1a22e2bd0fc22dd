import data from "virtual:content/galleryLabels";
import type { ContentModules } from "./reader/site-content.server";

// The gallery's words (content/labels.yaml, group "gallery"): only the gallery pages load them.
export type GalleryLabels = ContentModules["galleryLabels"];
export const galleryLabels = data as GalleryLabels;

import data from "virtual:content/galleryVideoLabels";
import type { ContentModules } from "./reader/site-content.server";

// Words of the description of a gallery video (content/labels.yaml), in their own module so only pages showing them load them.
export type GalleryVideoLabels = ContentModules["galleryVideoLabels"];
export const galleryVideoLabels = data as GalleryVideoLabels;

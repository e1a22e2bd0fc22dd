import { galleryImageHeightPx } from "~/lib/contracts/constants";

// The CSP allows no inline style attributes, so the image heights are Tailwind classes.
// Tailwind only generates classes it finds written out, hence the literal map.

/** A grid image's height, one of constants.ts's. */
export type GalleryImageHeight = (typeof galleryImageHeightPx)[keyof typeof galleryImageHeightPx];

// Keyed by every height of constants.ts: one without its class here does not compile (no check
// left for the browser to run, decision 0171's bytes).
const heightClasses: Record<GalleryImageHeight, string> = {
  450: "h-[450px]",
  250: "h-[250px]",
};

/** The class drawing a grid image `px` high. */
export const galleryImageHeightClass = (px: GalleryImageHeight): string => heightClasses[px];

export const galleryImageHeights = Object.values(galleryImageHeightPx);

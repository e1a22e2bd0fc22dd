import { galleryImageHeightPx } from "~/lib/contracts/constants";

// The CSP allows no inline style attributes, so the image heights are Tailwind classes.
// Tailwind only generates classes it finds written out, hence the literal map.
const heightClasses: Record<number, string> = {
  450: "h-[450px]",
  250: "h-[250px]",
};

/** The class drawing a grid image `px` high; one exists for every height in constants.ts. */
export function galleryImageHeightClass(px: number): string {
  const found = heightClasses[px];
  if (!found) throw new Error(`No height class for ${px}px: add it to gallery-image-height.ts`);
  return found;
}

export const galleryImageHeights = Object.values(galleryImageHeightPx);

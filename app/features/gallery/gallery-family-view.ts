import type { BreadcrumbStep } from "~/lib/json-ld";
import { galleryFamilyPath } from "~/lib/contracts/site-paths";
import type { GalleryData } from "./gallery-data";
import { type GalleryIndexFamily, galleryIndex } from "./gallery-index-view";

/** What /gallery/{family} renders: the family's name and address, and its items with their covers. */
export type GalleryFamilyView = GalleryIndexFamily & { path: string; lineSheet?: { href: string; label: string } };

/** The family of that address (matched case-insensitively, like item pages), or undefined. */
export function galleryFamilyView(data: GalleryData, slug: string): GalleryFamilyView | undefined {
  const family = galleryIndex(data).find((f) => f.slug.toLowerCase() === slug.toLowerCase());
  return family && { ...family, path: galleryFamilyPath(family.slug) };
}

/**
 * The breadcrumb steps between Home and the page itself: Product Gallery on a family page,
 * Product Gallery / {family} on an item page (each a link; the page itself is the last step).
 */
export function galleryTrail(gallery: BreadcrumbStep, family?: { label: string; slug: string; lang?: string }): Array<BreadcrumbStep & { lang?: string }> {
  return family ? [gallery, { name: family.label, path: galleryFamilyPath(family.slug), lang: family.lang }] : [gallery];
}

import type { BreadcrumbStep } from "~/lib/json-ld";
import { galleryFamilyPath } from "~/lib/contracts/site-paths";
import type { TextPart } from "~/lib/text-parts";
import type { GalleryData } from "./gallery-data";
import { type GalleryIndexFamily, galleryIndex } from "./gallery-index-view";

/** What /gallery/{family} renders: the family's name and address, and its items with their covers. */
export type GalleryFamilyView = GalleryIndexFamily & { path: string; lineSheet?: LineSheetLink };

/**
 * A line sheet's link (decision 0075): its address, its words with the size, their `lang` where not
 * the page's (decision 0175); the words as parts, a family's name in its own language (decision 0183).
 */
export type LineSheetLink = { href: string; label: TextPart[]; lang?: string };

/** The family of that address (matched case-insensitively, like item pages), or undefined. */
export function galleryFamilyView(data: GalleryData, slug: string): GalleryFamilyView | undefined {
  const family = galleryIndex(data).find((f) => f.slug.toLowerCase() === slug.toLowerCase());
  return family && { ...family, path: galleryFamilyPath(family.slug) };
}

/** The gallery page's words a trail needs: its breadcrumb's name, its address and their `lang` (the pages' words', decision 0165). */
export type GalleryTrailPage = { breadcrumb: string; path: string; lang?: string | null };

/**
 * The breadcrumb steps between Home and the page itself: Product Gallery on a family page,
 * Product Gallery / {family} on an item page (each a link; the page itself is the last step), each
 * with its words' `lang`, so the gallery pages' `<main>` needs none (decision 0171).
 */
export function galleryTrail(
  gallery: GalleryTrailPage,
  family?: { label: string; slug: string; lang?: string },
): Array<BreadcrumbStep & { lang?: string | null }> {
  const first = { name: gallery.breadcrumb, path: gallery.path, lang: gallery.lang };
  return family ? [first, { name: family.label, path: galleryFamilyPath(family.slug), lang: family.lang }] : [first];
}

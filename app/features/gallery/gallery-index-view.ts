import { galleryCatalog, galleryItemPath } from "~/content/gallery-catalog";
import type { GalleryData } from "~/content/gallery-data.schema";

export type GalleryIndexFamily = {
  slug: string;
  label: string;
  items: { path: string; label: string; cover?: string }[];
};

/** The index: every family of the catalogue with every item and the item's first image as cover. */
export function galleryIndex(data: GalleryData): GalleryIndexFamily[] {
  return galleryCatalog.map((family) => {
    const category = data.find((c) => c.category === family.slug);
    return {
      slug: family.slug,
      label: family.label,
      items: family.items.map((item) => ({
        path: galleryItemPath(family.slug, item.slug),
        label: item.label,
        cover: category?.subcategories?.find((s) => s.name === item.slug)?.images[0] ?? category?.images?.[0],
      })),
    };
  });
}

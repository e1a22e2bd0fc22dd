import type { PictureSources } from "~/lib/photos/picture-sources";
import { galleryItemPath } from "~/lib/contracts/site-paths";
import type { GalleryData } from "./gallery-data";

/** What a card says of its product under its name (the catalogue, decision 0077). */
export type CardFacts = { construction?: string; composition?: string; certificates: string[] };

export type GalleryIndexFamily = {
  slug: string;
  label: string;
  /** `slug`: the item's address segment, with the family's the product reference of a quote request. */
  items: { path: string; slug: string; label: string; cover?: PictureSources; facts?: CardFacts }[];
};

/** The index: every family with every item, in content order, and the item's first photo as cover. */
export function galleryIndex(data: GalleryData): GalleryIndexFamily[] {
  return data.map((family) => ({
    slug: family.category,
    label: family.label ?? family.category,
    items: (family.subcategories ?? []).map((item) => ({
      path: galleryItemPath(family.category, item.name),
      slug: item.name,
      label: item.label ?? item.name,
      cover: item.pictures?.[0],
    })),
  }));
}

import type { PictureSources } from "~/lib/photos/picture-sources";
import { galleryItemPath } from "~/lib/contracts/site-paths";
import type { GalleryData } from "./gallery-data";

/** Words on a card and their `lang` where it is not the page's own (decision 0171). */
export type CardFact = { text: string; lang?: string };

/**
 * What a card says of its product under its name (the catalogue, decision 0077), a line each, only
 * what the product states: construction, composition (or material), certificates. A line is its
 * words in a part per language: the certificates' names each in its record's (decision 0174), the
 * commas between them in the words before. Made at build time (the page's loader data).
 */
export type CardFacts = CardFact[][];

export type GalleryIndexFamily = {
  slug: string;
  label: string;
  /** The name's language where it is not the page's own (decision 0171). */
  lang?: string;
  /** `slug`: the item's address segment, with the family's the product reference of a quote request. */
  items: { path: string; slug: string; label: string; lang?: string; cover?: PictureSources; facts?: CardFacts }[];
};

/** The index: every family with every item, in content order, and the item's first photo as cover. */
export function galleryIndex(data: GalleryData): GalleryIndexFamily[] {
  return data.map((family) => ({
    slug: family.category,
    label: family.label ?? family.category,
    lang: family.lang,
    items: (family.subcategories ?? []).map((item) => ({
      path: galleryItemPath(family.category, item.name),
      slug: item.name,
      label: item.label ?? item.name,
      lang: item.lang,
      cover: item.pictures?.[0],
    })),
  }));
}

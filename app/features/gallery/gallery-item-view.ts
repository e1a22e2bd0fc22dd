import { galleryImageHeightPx } from "~/lib/contracts/constants";
import { type PictureSources, externalPicture } from "~/lib/photos/picture-sources";
import { galleryItemPath } from "~/lib/contracts/site-paths";
import { type GalleryCategory, type GalleryData, type GallerySubcategory, type ProductDetails, untitledProduct } from "./gallery-data";
import type { JsonLd } from "~/lib/json-ld";
import type { GalleryImageHeight } from "./gallery-image-height";
import type { TextPart } from "~/lib/text-parts";

/** Title of an image without a product name at its position: 'Name of products' (gallery-data.ts). */
export { untitledProduct };

/** `lang`: the title's language where it is not the page's own (decision 0171). */
export type GalleryImageItem = { picture: PictureSources; title: string; lang?: string };

/** What /gallery/:category/:subcategory renders; the same shape at build time and in the browser. */
export type GalleryItemState =
  | {
      status: "found";
      path: string;
      /** For the breadcrumb Home / Product Gallery / {family} / {item}; the page's heading "{family} - {item}",
       * each name in its language, is `nameParts` of the two (decision 0180). */
      family: { slug: string; label: string; lang?: string };
      item: string;
      /** The product's words' language where it is not the page's own (decision 0171). */
      lang?: string;
      /** The item's address segment (`hoodie`), with the family's slug the product reference of a quote request. */
      slug: string;
      /** How a visitor names the product: "Men Hoodie". */
      name: string;
      images: GalleryImageItem[];
      video?: string;
      imageHeightPx: GalleryImageHeight;
      /** Specifications and certificates (decisions 0076, 0077); absent in data made without them. */
      details?: ProductDetails;
      /** Its schema.org Product, made by the build-time loader (crawlers read the prerendered page;
       * the browser carries no code for it). */
      jsonLd?: JsonLd;
    }
  | { status: "not-found"; category: string; subcategory: string }
  /** /data.json could not be read: logged to the console only, no message. */
  | { status: "error"; category: string; subcategory: string };

/** '%26' and other escapes in a URL segment, without throwing on a stray '%'. */
export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Category and subcategory are matched case-insensitively. */
export function findGalleryItem(
  data: GalleryData,
  category: string,
  subcategory: string,
): { category: GalleryCategory; subcategory: GallerySubcategory } | undefined {
  const c = decodeSegment(category).toLowerCase();
  const s = decodeSegment(subcategory).toLowerCase();
  const found = data.find((entry) => entry.category.toLowerCase() === c);
  const sub = found?.subcategories?.find((entry) => entry.name.toLowerCase() === s);
  return found && sub ? { category: found, subcategory: sub } : undefined;
}

/**
 * A product's name as parts, the family's and the product's each with its `lang` as the page's data
 * gives it: "Herren Hoodie" (a card's, the Add to quote control's), "Herren - Hoodie" (the h1, the
 * video's text alternative) with `between` " - " (decisions 0180, 0183).
 */
export const nameParts = (family: { label: string; lang?: string }, item: { label: string; lang?: string }, between = " "): TextPart[] => [
  { text: family.label, lang: family.lang },
  { text: between },
  { text: item.label, lang: item.lang },
];

/** The footwear pages of women, men and kids show shorter images. */
export function galleryImageHeight(category: string, subcategory: string): GalleryImageHeight {
  return subcategory === "footware" && ["women", "men", "kids"].includes(category) ? galleryImageHeightPx.footware : galleryImageHeightPx.default;
}

/** A label for data without one: "cushioncover" → "Cushioncover". */
const fallbackLabel = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

export function galleryItemState(data: GalleryData, category: string, subcategory: string): GalleryItemState {
  const match = findGalleryItem(data, category, subcategory);
  if (!match) return { status: "not-found", category: decodeSegment(category), subcategory: decodeSegment(subcategory) };
  const c = match.category.category;
  const s = match.subcategory.name;
  const family = match.category.label ?? fallbackLabel(c);
  const item = match.subcategory.label ?? fallbackLabel(s);
  return {
    status: "found",
    path: galleryItemPath(c, s),
    family: { slug: c, label: family, lang: match.category.lang },
    item,
    lang: match.subcategory.lang,
    slug: s,
    name: `${family} ${item}`,
    images: match.subcategory.images.map((src, i) => ({
      picture: match.subcategory.pictures?.[i] ?? externalPicture(src),
      title: match.subcategory.productName[i] || untitledProduct,
      lang: match.subcategory.lang,
    })),
    video: match.subcategory.video,
    imageHeightPx: galleryImageHeight(c, s),
    ...(match.subcategory.details ? { details: match.subcategory.details } : {}),
  };
}

/** The not-found message in the page's language (`gallery.notFound`; in English fixed: 'No data found for {category} - {subcategory}.'). */
export function notFoundMessage(template: string, category: string, subcategory: string): string {
  return template.replace("{category}", category).replace("{subcategory}", subcategory);
}

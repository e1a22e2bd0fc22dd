import type { PictureSources } from "../../lib/photos/picture-sources";
import type { ProductTerms } from "../../lib/contracts/products";

// Shape of /data.json, written by the build from content/gallery/ (app/routes/gallery-data-json.ts).
// The SPEC fields (category, images, video, subcategories: name, images, video, productName) are
// all there; `label` and `pictures` are additions the pages use: human names ("pant" reads "Jeans")
// and the responsive sources of each image, aligned with `images` by position.

/**
 * `productName` of a photo without a title: the specification's 'Name of products'. A page shows
 * its language's words for it instead (`gallery.untitledProduct` of content/messages/, GalleryGrid).
 */
export const untitledProduct = "Name of products";

export type GallerySubcategory = {
  name: string;
  label?: string;
  /** Its words' language where it is not the page's own (an untranslated product on /de/data.json: "en"; decision 0171). */
  lang?: string;
  /** The largest WebP variant of each photo. */
  images: string[];
  video?: string;
  productName: string[];
  pictures?: PictureSources[];
  /** What a buyer judges the product by (decision 0077), worded at build time. */
  details?: ProductDetails;
};

/** A certificate that applies to a product, valid on the build's day, with the standard's own check. */
export type ProductCertificate = {
  slug: string;
  name: string;
  /** Its record's words' language where it is not the page's own (decision 0171). */
  lang?: string;
  number: string;
  issuedBy: string;
  validUntil: string;
  /** Its record on the compliance page. */
  path: string;
  verify: { url: string; opensCertificate: boolean } | null;
};

export type ProductDetails = {
  description: string;
  /** The description's language where it is not the page's own (decision 0171). */
  lang?: string;
  /** The definition list, in order, only what is filled (minimum order and lead time always); `lang`: the value's language where it is not the page's own. */
  facts: { key: string; label: string; value: string; lang?: string }[];
  /** Minimum order and lead time (the product's own or the company's): the quote form checks them. */
  terms: ProductTerms;
  certificates: ProductCertificate[];
  /** Codes the catalogue filters on. */
  construction: string | null;
  cottonTypes: string[];
  compositions: string[];
  material: string;
};

export type GalleryCategory = {
  category: string;
  label?: string;
  /** Its name's language where it is not the page's own (decision 0171). */
  lang?: string;
  /** The family's cover: the first photo of its first item. */
  images?: string[];
  video?: string;
  subcategories?: GallerySubcategory[];
};

export type GalleryData = GalleryCategory[];

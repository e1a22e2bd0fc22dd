import type { PictureSources } from "../../lib/photos/picture-sources";

// Shape of /data.json (SPEC §3 and §7), written by the build from content/gallery/ (app/routes/gallery-data-json.ts).
// The SPEC fields (category, images, video, subcategories: name, images, video, productName) are
// all there; `label` and `pictures` are additions the pages use: human names ("pant" reads "Jeans")
// and the responsive sources of each image, aligned with `images` by position.

export type GallerySubcategory = {
  name: string;
  label?: string;
  /** The largest WebP variant of each photo. */
  images: string[];
  video?: string;
  productName: string[];
  pictures?: PictureSources[];
};

export type GalleryCategory = {
  category: string;
  label?: string;
  /** The family's cover: the first photo of its first item. */
  images?: string[];
  video?: string;
  subcategories?: GallerySubcategory[];
};

export type GalleryData = GalleryCategory[];

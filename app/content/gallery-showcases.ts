import type { GalleryShowcase } from "./gallery-data.schema";

// The three static gallery pages of SPEC §2: a video and three placeholder cards each.
// Keys are page ids of app/content/pages.ts; images are sample photos from public/data.json.
const placeholderTitle = "Name of the product";

export const galleryShowcases = {
  fashionAccessories: {
    video: "/videos/gallery-fashion.mp4",
    cards: ["/images/gallery/fashion/bag-1.webp", "/images/gallery/fashion/cap-2.webp", "/images/gallery/fashion/luggage-3.webp"].map(
      (image) => ({ title: placeholderTitle, image }),
    ),
  },
  homeTextile: {
    video: "/videos/gallery-hometextile.mp4",
    cards: [
      "/images/gallery/hometextile/bedcover-1.webp",
      "/images/gallery/hometextile/cushioncover-2.webp",
      "/images/gallery/hometextile/curtain-3.webp",
    ].map((image) => ({ title: placeholderTitle, image })),
  },
  nonTextile: {
    video: "/videos/gallery-nontextile.mp4",
    cards: [
      "/images/gallery/nontextile/basket-1.webp",
      "/images/gallery/nontextile/crockery-2.webp",
      "/images/gallery/nontextile/toy-3.webp",
    ].map((image) => ({ title: placeholderTitle, image })),
  },
} satisfies Record<"fashionAccessories" | "homeTextile" | "nonTextile", GalleryShowcase>;

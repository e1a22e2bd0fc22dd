import type { GalleryShowcase } from "./gallery-showcase.schema";

// The three static gallery pages of SPEC §2: a video and three placeholder cards each.
// Keys are page ids of app/content/pages.ts; images are photos of gallery items
// (content/media/gallery/…), shown through the same photo pipeline.
const placeholderTitle = "Name of the product";

export const galleryShowcases = {
  fashionAccessories: {
    video: "/videos/gallery-fashion.mp4",
    cards: ["/media/gallery/fashion/bag/photos/0/image.webp", "/media/gallery/fashion/cap/photos/1/image.webp", "/media/gallery/fashion/luggage/photos/2/image.webp"].map(
      (image) => ({ title: placeholderTitle, image }),
    ),
  },
  homeTextile: {
    video: "/videos/gallery-hometextile.mp4",
    cards: [
      "/media/gallery/hometextile/bedcover/photos/0/image.webp",
      "/media/gallery/hometextile/cushioncover/photos/1/image.webp",
      "/media/gallery/hometextile/curtain/photos/2/image.webp",
    ].map((image) => ({ title: placeholderTitle, image })),
  },
  nonTextile: {
    video: "/videos/gallery-nontextile.mp4",
    cards: [
      "/media/gallery/nontextile/basket/photos/0/image.webp",
      "/media/gallery/nontextile/crockery/photos/1/image.webp",
      "/media/gallery/nontextile/toy/photos/2/image.webp",
    ].map((image) => ({ title: placeholderTitle, image })),
  },
} satisfies Record<"fashionAccessories" | "homeTextile" | "nonTextile", GalleryShowcase>;

import { describe, expect, it } from "vitest";
import type { GalleryData } from "./gallery-data";
import { galleryFamilyView, galleryTrail } from "./gallery-family-view";

const picture = (src: string) => ({ src, width: 960, height: 1200, avifSrcSet: `${src}.avif 480w`, webpSrcSet: `${src} 480w` });
const data: GalleryData = [
  {
    category: "women",
    label: "Women",
    subcategories: [{ name: "pant", label: "Jeans", images: ["/p.webp"], productName: [], pictures: [picture("/p.webp")] }],
  },
  {
    category: "nontextile",
    label: "Non Textile",
    subcategories: [
      { name: "rug", label: "Rug", images: ["/r1.webp", "/r2.webp"], productName: ["Round"], pictures: [picture("/r1.webp"), picture("/r2.webp")] },
      { name: "straw&plasticbasket", label: "Straw & Plastic Basket", images: ["/s.webp"], productName: [], pictures: [picture("/s.webp")] },
    ],
  },
  { category: "empty", label: "Empty" },
];

describe("galleryFamilyView", () => {
  it("lists the family's items in order, each with its first photo as cover and its page", () => {
    expect(galleryFamilyView(data, "nontextile")).toEqual({
      slug: "nontextile",
      label: "Non Textile",
      path: "/gallery/nontextile",
      items: [
        { path: "/gallery/nontextile/rug", slug: "rug", label: "Rug", cover: picture("/r1.webp") },
        { path: "/gallery/nontextile/straw&plasticbasket", slug: "straw&plasticbasket", label: "Straw & Plastic Basket", cover: picture("/s.webp") },
      ],
    });
  });

  it("matches the address case-insensitively and answers undefined for an unknown family", () => {
    expect(galleryFamilyView(data, "WOMEN")?.path).toBe("/gallery/women");
    expect(galleryFamilyView(data, "sports")).toBeUndefined();
    expect(galleryFamilyView(data, "empty")).toMatchObject({ label: "Empty", items: [] });
  });
});

describe("galleryTrail", () => {
  const gallery = { breadcrumb: "Product Gallery", path: "/gallery" };
  const step = { name: "Product Gallery", path: "/gallery" };
  it("leads a family page through Product Gallery, and an item page through its family too", () => {
    expect(galleryTrail(gallery)).toEqual([step]);
    expect(galleryTrail(gallery, { slug: "men", label: "Men" })).toEqual([step, { name: "Men", path: "/gallery/men" }]);
  });

  it("gives each step its words' language: Product Gallery the pages' words', the family its name's (decision 0171)", () => {
    expect(galleryTrail({ ...gallery, lang: "en" }, { slug: "men", label: "Herren", lang: "de" })).toEqual([
      { ...step, lang: "en" },
      { name: "Herren", path: "/gallery/men", lang: "de" },
    ]);
  });
});

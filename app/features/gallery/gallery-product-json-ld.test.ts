import { describe, expect, it } from "vitest";
import { site } from "~/content/site";
import { siteUrl } from "~/lib/site-url";
import type { GalleryData } from "./gallery-data";
import { galleryItemState } from "./gallery-item-view";
import { galleryProductJsonLd } from "./gallery-product-json-ld";

const data: GalleryData = [
  {
    category: "nontextile",
    label: "Non Textile",
    subcategories: [
      {
        name: "straw&plasticbasket",
        label: "Straw & Plastic Basket",
        images: ["/media/s1.webp", "https://cdn.example.com/s2.jpg"],
        productName: ["Basket", ""],
      },
    ],
  },
];

describe("galleryProductJsonLd", () => {
  it("names the product with its photos and the company as brand, and states no price or rating", () => {
    const state = galleryItemState(data, "nontextile", "straw&plasticbasket");
    if (state.status !== "found") throw new Error("item not found");
    const product = galleryProductJsonLd(state, { path: state.path, inLanguage: "en" });
    expect(product).toMatchObject({
      "@type": "Product",
      name: "Non Textile Straw & Plastic Basket",
      url: `${siteUrl()}/gallery/nontextile/straw&plasticbasket`,
      image: [`${siteUrl()}/media/s1.webp`, "https://cdn.example.com/s2.jpg"],
      brand: { "@type": "Brand", name: site.name },
    });
    for (const invented of ["offers", "aggregateRating", "review", "price"]) expect(product).not.toHaveProperty(invented);
  });
});

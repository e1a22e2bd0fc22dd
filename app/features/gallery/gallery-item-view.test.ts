import { describe, expect, it, vi } from "vitest";
import { externalPicture } from "~/lib/photos/picture-sources";
import type { GalleryData } from "./gallery-data";
import { galleryItemState, notFoundMessage, untitledProduct } from "./gallery-item-view";
import { loadGalleryItem } from "./load-gallery-item";
import { messagesOf } from "../../../test-support/messages";

const picture = (src: string, width = 960, height = 1200) => ({ src, width, height, avifSrcSet: `${src}.avif 480w`, webpSrcSet: `${src} 480w` });
const data: GalleryData = [
  {
    category: "men",
    label: "Men",
    subcategories: [
      {
        name: "tshirt",
        label: "T-Shirt",
        images: ["/a.webp", "/b.webp", "https://cdn.example.com/c.jpg"],
        productName: ["Crew Neck", "V Neck"],
        pictures: [picture("/a.webp", 960, 720), picture("/b.webp")],
      },
      { name: "footware", label: "Footwear", images: ["/f.webp"], productName: ["Sneaker"], pictures: [picture("/f.webp")] },
    ],
  },
  { category: "women", label: "Women", subcategories: [{ name: "pant", label: "Jeans", images: ["/p.webp"], productName: [] }] },
  {
    category: "nontextile",
    label: "Non Textile",
    subcategories: [{ name: "straw&plasticbasket", label: "Straw & Plastic Basket", images: ["/s.webp"], video: "/v.mp4", productName: ["Basket"] }],
  },
  { category: "sports", subcategories: [{ name: "jersey", images: ["/j.webp"], productName: [""] }] },
];

describe("galleryItemState", () => {
  it("titles images by position and falls back to 'Name of products'", () => {
    const state = galleryItemState(data, "men", "tshirt");
    expect(state).toMatchObject({ status: "found", family: { label: "Men" }, item: "T-Shirt", imageHeightPx: 450 });
    expect(state.status === "found" && state.images.map((i) => i.title)).toEqual(["Crew Neck", "V Neck", untitledProduct]);
    expect(untitledProduct).toBe("Name of products");
    expect(galleryItemState(data, "sports", "jersey")).toMatchObject({ images: [{ title: untitledProduct }] });
  });

  it("draws each image from its responsive picture, or as given when it has none", () => {
    const state = galleryItemState(data, "men", "tshirt");
    expect(state.status === "found" && state.images.map((i) => i.picture)).toEqual([
      picture("/a.webp", 960, 720),
      picture("/b.webp"),
      externalPicture("https://cdn.example.com/c.jpg"),
    ]);
  });

  it("labels an item without a label by its name", () => {
    expect(galleryItemState(data, "sports", "jersey")).toMatchObject({ family: { label: "Sports" }, item: "Jersey" });
  });

  it("matches category and subcategory case-insensitively", () => {
    expect(galleryItemState(data, "MEN", "TShirt")).toEqual(galleryItemState(data, "men", "tshirt"));
  });

  it("uses human labels: pant reads Jeans, footware Footwear", () => {
    expect(galleryItemState(data, "women", "pant")).toMatchObject({ family: { slug: "women", label: "Women" }, item: "Jeans" });
    expect(galleryItemState(data, "men", "footware")).toMatchObject({ family: { label: "Men" }, item: "Footwear", imageHeightPx: 250 });
  });

  it("finds an '&' item typed raw or percent-encoded, with its video", () => {
    const raw = galleryItemState(data, "nontextile", "straw&plasticbasket");
    expect(raw).toMatchObject({ status: "found", path: "/gallery/nontextile/straw&plasticbasket", video: "/v.mp4" });
    expect(galleryItemState(data, "nontextile", "straw%26plasticbasket")).toEqual(raw);
  });

  it("reports a miss with the words typed, and the exact message", () => {
    expect(galleryItemState(data, "men", "nonexistent")).toEqual({ status: "not-found", category: "men", subcategory: "nonexistent" });
    expect(galleryItemState(data, "men", "100%")).toMatchObject({ status: "not-found", subcategory: "100%" });
    expect(notFoundMessage(messagesOf("en").gallery.notFound, "men", "nonexistent")).toBe("No data found for men - nonexistent.");
  });
});

describe("loadGalleryItem", () => {
  it("reads /data.json", async () => {
    const fetchMock = vi.fn(async () => Response.json(data));
    await expect(loadGalleryItem("MEN", "TSHIRT", fetchMock)).resolves.toMatchObject({ status: "found", family: { label: "Men" }, item: "T-Shirt" });
    expect(fetchMock).toHaveBeenCalledWith("/data.json");
  });

  it("reads a language's own /<code>/data.json on its pages (decision 0171)", async () => {
    const fetchMock = vi.fn(async () => Response.json(data));
    await expect(loadGalleryItem("men", "tshirt", fetchMock, "de")).resolves.toMatchObject({ status: "found" });
    expect(fetchMock).toHaveBeenCalledWith("/de/data.json");
  });

  it("only logs a failed fetch to the console", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const failing = vi.fn(async () => new Response("nope", { status: 500 }));
    await expect(loadGalleryItem("men", "tshirt", failing)).resolves.toEqual({ status: "error", category: "men", subcategory: "tshirt" });
    expect(log).toHaveBeenCalledOnce();
    const offline = vi.fn(async () => Promise.reject(new TypeError("Failed to fetch")));
    await expect(loadGalleryItem("men", "tshirt", offline)).resolves.toMatchObject({ status: "error" });
  });
});

// @vitest-environment node
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { galleryItemPathsOnDisk, readGalleryContent, readUntitledProduct } from "./gallery-content.server";
import { galleryData, loadGalleryData } from "./gallery-data.server";
import { PhotoPipeline } from "~/lib/photos/photo-pipeline.server";

// SPEC §2: the gallery's item paths, family by family.
const specItems = {
  women: ["tops", "pant", "paddedjacket", "footware"],
  men: ["tshirt", "poloshirt", "sweatshirt", "hoodie", "jacket", "paddedjacket", "pullover", "shorts", "shirt", "sweater", "longpant", "underwear", "footware"],
  kids: ["sweatshirt", "hoodie", "shorts", "footware"],
  fashion: ["jewelry", "cap", "gloves", "hat", "bag", "luggage"],
  hometextile: ["bedcover", "cushioncover", "potholderorovenmitt", "beachtowel", "kitchentowel", "kitchenapron", "curtain", "tablecloth"],
  nontextile: ["basket", "placemat", "coaster", "rug", "doormat", "straw&plasticbasket", "recyleplastic&paper", "tablerunner", "coconutshell", "woodenitem", "betelnutshell", "stationery", "crockery", "toy"],
};

// Reading the gallery makes every seed photo's variants: on a fresh clone (empty photo cache) that
// is a few minutes of encoding on two cores, once; afterwards every photo comes from the cache.
const encodesSeedPhotos = { timeout: 900_000 };

describe("content/gallery", encodesSeedPhotos, () => {
  it("has the six families and the 49 items of SPEC §2 in order, each with at least three titled photos", async () => {
    const families = await readGalleryContent();
    expect(families.map((f) => [f.slug, f.label])).toEqual([
      ["women", "Women"],
      ["men", "Men"],
      ["kids", "Kids"],
      ["fashion", "Fashion"],
      ["hometextile", "Home Textile"],
      ["nontextile", "Non Textile"],
    ]);
    expect(Object.fromEntries(families.map((f) => [f.slug, f.items.map((i) => i.slug)]))).toEqual(specItems);
    expect(families[0]!.items.find((i) => i.slug === "pant")?.label).toBe("Jeans");
    for (const item of families.flatMap((f) => f.items)) {
      expect(item.photos.length, item.file).toBeGreaterThanOrEqual(3);
      for (const photo of item.photos) expect(photo.title, item.file).not.toBe("");
    }
    const paths = galleryItemPathsOnDisk();
    expect(paths).toHaveLength(49);
    expect(paths).toContain("/gallery/nontextile/straw&plasticbasket");
    expect(paths).toContain("/gallery/nontextile/recyleplastic&paper");
  });

  it("gives /data.json the fields of SPEC §7, titles aligned with images, and the responsive pictures", async () => {
    const data = await loadGalleryData();
    const men = data.find((c) => c.category === "men")!;
    const tshirt = men.subcategories!.find((s) => s.name === "tshirt")!;
    expect(tshirt).toMatchObject({ label: "T-Shirt", productName: ["Solid T-Shirt", "Striped T-Shirt", "Checked T-Shirt"] });
    expect(tshirt.images).toEqual(tshirt.pictures!.map((p) => p.src));
    expect(tshirt.pictures![0]).toMatchObject({ width: 960, height: 1200 });
    expect(tshirt.pictures![0]!.avifSrcSet).toMatch(/^\/media\/gallery\/men\/tshirt\/photos\/0\/image-\w{10}-360w\.avif 360w, \S+-480w\.avif 480w, \S+-640w\.avif 640w, \S+-960w\.avif 960w$/);
    expect(men.images).toEqual([tshirt.images[0]]);
    const fashion = data.find((c) => c.category === "fashion")!;
    expect(fashion.video).toBe("/videos/gallery-fashion.mp4");
    expect(fashion.subcategories!.find((s) => s.name === "bag")!.video).toBe("/videos/gallery-fashion.mp4");
  });
});

describe("a bad gallery file", encodesSeedPhotos, () => {
  let root: string;
  const file = (path: string) => join(root, path);
  // A copy not called content names its files absolutely, whatever the working directory (issue 24.9).
  const shown = (path: string) => file(path);
  const problems = async () => {
    try {
      await galleryData(await readGalleryContent(root), new PhotoPipeline({ contentDir: root }), await readUntitledProduct(root));
      return "";
    } catch (error) {
      return (error as Error).message;
    }
  };

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), "gallery-content-"));
    await cp("content/gallery", file("gallery"), { recursive: true });
    await cp("content/media/gallery/men", file("media/gallery/men"), { recursive: true });
    await cp("content/labels.yaml", file("labels.yaml"));
    for (const family of ["women", "kids", "fashion", "hometextile", "nontextile"]) await rm(file(`gallery/items/${family}`), { recursive: true });
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it("passes when nothing is broken", async () => {
    expect(await problems()).toBe("");
  });

  it("fails naming the file and the field of a wrong value, every one at once", async () => {
    const tshirt = file("gallery/items/men/tshirt.yaml");
    await writeFile(tshirt, (await readFile(tshirt, "utf8")).replace("order: 1", "order: first"));
    await writeFile(file("gallery/families/men.yaml"), "label: Men\norder: 2\nvideo: /videos/nothing-here.mp4\n");
    await writeFile(file("gallery/items/men/hoodie.yaml"), "label: Hoodie\norder: 4\nphotos: []\n");
    const message = await problems();
    expect(message).toMatch(/^Invalid gallery content:\n/);
    expect(message).toContain(`${shown("gallery/items/men/tshirt.yaml")}: order: Must be a number`);
    expect(message).toContain(`${shown("gallery/families/men.yaml")}: video: missing file public/videos/nothing-here.mp4 and public/videos/nothing-here.webp`);
    expect(message).toContain(`${shown("gallery/items/men/hoodie.yaml")}: photos: Must have at least 1 element`);
    expect(message).not.toContain("Invalid data for");
  });

  it("fails naming an item whose family does not exist, and an address that is not family/item", async () => {
    await cp(file("gallery/items/men"), file("gallery/items/sports"), { recursive: true });
    await writeFile(file("gallery/items/men/Polo Shirt.yaml"), "label: Polo\norder: 1\nphotos:\n  - image: /media/gallery/men/tshirt/photos/0/image.webp\n");
    const message = await problems();
    expect(message).toContain(`${shown("gallery/items/sports/tshirt.yaml")}: label (page address): no gallery family 'sports' (content/gallery/families/sports.yaml)`);
    expect(message).toContain(`${shown("gallery/items/men/Polo Shirt.yaml")}: label: Page address must be family/item, e.g. men/tshirt`);
  });

  it("fails naming the item file, the photo field and the photo file of a missing, oversize or wrong-format photo", async () => {
    await rm(file("media/gallery/men/tshirt/photos/1/image.webp"));
    await writeFile(file("media/gallery/men/hoodie/photos/0/image.webp"), await sharp({ create: { width: 40, height: 40, channels: 3, background: "#c00" } }).gif().toBuffer());
    await writeFile(file("media/gallery/men/shirt/photos/2/image.webp"), Buffer.alloc(10 * 1024 * 1024 + 1, 7));
    const message = await problems();
    expect(message).toContain(`${shown("gallery/items/men/tshirt.yaml")}: photos[1].image: ${shown("media/gallery/men/tshirt/photos/1/image.webp")}: file not found: a photo must be uploaded before it is shown`);
    expect(message).toContain(`${shown("gallery/items/men/hoodie.yaml")}: photos[0].image: ${shown("media/gallery/men/hoodie/photos/0/image.webp")}: is gif inside: a photo must be JPEG, PNG or WebP`);
    expect(message).toContain(`${shown("gallery/items/men/shirt.yaml")}: photos[2].image: ${shown("media/gallery/men/shirt/photos/2/image.webp")}: is 10.0 MB: a photo must be at most 10.0 MB`);
  });

  it("titles a photo without a title 'Name of products', keeping the others in place", async () => {
    const tshirt = file("gallery/items/men/tshirt.yaml");
    await writeFile(tshirt, (await readFile(tshirt, "utf8")).replace("title: Solid T-Shirt", "title: ''"));
    const data = await galleryData(await readGalleryContent(root), new PhotoPipeline({ contentDir: root }), await readUntitledProduct(root));
    const item = data.find((c) => c.category === "men")!.subcategories!.find((s) => s.name === "tshirt")!;
    expect(item.productName).toEqual(["Name of products", "Striped T-Shirt", "Checked T-Shirt"]);
  });
});

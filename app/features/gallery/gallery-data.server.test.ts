// @vitest-environment node
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { forgetSiteContent, readSiteContent } from "../../content/reader/site-content.server";
import { untitledProduct } from "./gallery-data";
import { galleryData, loadGalleryData } from "./gallery-data.server";
import { PhotoPipeline } from "~/lib/photos/photo-pipeline.server";
import { fixtureContentDir } from "../../../fixtures/fixture-content";

// Reading the gallery makes every photo's variants: on a fresh clone (empty photo cache) that is a
// few minutes of encoding on two cores, once; afterwards every photo comes from the cache.
const encodesSeedPhotos = { timeout: 900_000 };

let root: string;
const file = (path: string) => join(root, path);
/** A copy of the fixture content in a folder named content, so files read content/gallery/… as in the studio. */
beforeEach(async () => {
  root = join(await mkdtemp(join(tmpdir(), "gallery-content-")), "content");
  await cp(fixtureContentDir, root, { recursive: true });
});
afterEach(() => rm(join(root, ".."), { recursive: true, force: true }));

/** /data.json of the copy, as the build makes it. */
async function dataOf() {
  const { gallery, catalogue, certificates } = await readSiteContent(root);
  return galleryData(gallery, new PhotoPipeline({ contentDir: root }), untitledProduct, {
    words: catalogue,
    certificates: certificates.valid,
  });
}

describe("/data.json", encodesSeedPhotos, () => {
  it("follows the families and items in the studio's order, with a page per item ('&' kept raw)", async () => {
    await writeFile(file("gallery/families/zz-sports.yaml"), "label: Sports\norder: 0\n");
    await cp(file("gallery/items/men/tshirt.yaml"), file("gallery/items/zz-sports/jersey&shorts.yaml"));
    const { gallery, paths } = await readSiteContent(root);
    expect(gallery[0]).toMatchObject({ slug: "zz-sports", label: "Sports" });
    expect(gallery[0]!.items.map((i) => i.slug)).toEqual(["jersey&shorts"]);
    for (const family of gallery) {
      const orders = family.items.map((i) => i.order);
      expect(orders, family.slug).toEqual([...orders].sort((a, b) => a - b));
    }
    expect(paths.galleryFamilies[0]).toBe("/gallery/zz-sports");
    expect(paths.galleryItems).toContain("/gallery/zz-sports/jersey&shorts");
    expect(paths.galleryItems).toHaveLength(gallery.flatMap((f) => f.items).length);
  });

  it("gives the fields, titles aligned with images, and the responsive pictures", async () => {
    const tshirtFile = file("gallery/items/men/tshirt.yaml");
    await writeFile(
      tshirtFile,
      "label: T-Shirt\norder: 1\nphotos:\n  - image: /media/gallery/men/tshirt/photos/0/image.webp\n    title: Solid\n  - image: /media/gallery/men/tshirt/photos/1/image.webp\n    title: Striped\n",
    );
    await writeFile(file("gallery/families/men.yaml"), "label: Men\norder: 0\nvideo: /videos/gallery-fashion.mp4\n");
    const data = await dataOf();
    const men = data.find((c) => c.category === "men")!;
    const tshirt = men.subcategories!.find((s) => s.name === "tshirt")!;
    expect(tshirt).toMatchObject({ label: "T-Shirt", productName: ["Solid", "Striped"] });
    expect(tshirt.images).toEqual(tshirt.pictures!.map((p) => p.src));
    expect(tshirt.pictures![0]!.avifSrcSet).toMatch(
      /^\/media\/gallery\/men\/tshirt\/photos\/0\/image-\w{10}-360w\.avif 360w, \S+-480w\.avif 480w, \S+-640w\.avif 640w, \S+-960w\.avif 960w$/,
    );
    expect(men.images).toEqual([men.subcategories![0]!.images[0]]);
    expect(men.video).toBe("/videos/gallery-fashion.mp4");
  });
});

describe("the build's gallery data", encodesSeedPhotos, () => {
  afterEach(() => forgetSiteContent());

  it("is made once per content read: every gallery page in every language gets the same, an edit makes it afresh", async () => {
    const first = await loadGalleryData(root);
    expect(await loadGalleryData(root)).toBe(first);
    await writeFile(file("gallery/families/men.yaml"), "label: Menswear\norder: 0\n");
    forgetSiteContent();
    const afterEdit = await loadGalleryData(root);
    expect(afterEdit).not.toBe(first);
    expect(afterEdit.find((c) => c.category === "men")?.label).toBe("Menswear");
  });
});

describe("the gallery data in each language (decision 0171)", encodesSeedPhotos, () => {
  afterEach(() => forgetSiteContent());

  it("gives /de/data.json the German product's words and specifications with their lang, numbers written in German; /data.json stays English, unmarked", async () => {
    const file = join(root, "gallery/items/men/tshirt.yaml");
    await writeFile(file, (await readFile(file, "utf8")).replace("moqPiecesPerColour: 300", "moqPiecesPerColour: 1200"));
    const [de, en] = [await loadGalleryData(root, "de"), await loadGalleryData(root)];
    const men = de.find((c) => c.category === "men")!;
    const tee = men.subcategories!.find((s) => s.name === "tshirt")!;
    expect(men).toMatchObject({ label: "Herren", lang: "de" });
    expect(tee).toMatchObject({ label: "T-Shirt", lang: "de", productName: ["Rundhals-T-Shirt", "T-Shirt mit V-Ausschnitt", "T-Shirt mit Brusttasche"] });
    const facts = Object.fromEntries(tee.details!.facts.map((f) => [f.key, f]));
    expect(tee.details!).toMatchObject({ description: "Ein Fixture-T-Shirt aus Bio-Baumwoll-Jersey, gefertigt für Handelsprogramme.", lang: "de" });
    expect(facts.construction).toEqual({ key: "construction", label: "Machart", value: "Jersey", lang: "de" });
    expect(facts.composition).toMatchObject({ label: "Zusammensetzung", value: "100 % Bio-Baumwolle, CVC 60/40", lang: "de" });
    expect(facts.cotton).toMatchObject({ value: "Bio-Baumwolle, BCI-Baumwolle" });
    expect(facts.moq).toMatchObject({ label: "Mindestbestellmenge", value: "1.200 Stück pro Farbe" });
    expect(facts.fabricWeight).toEqual({ key: "fabricWeight", label: "Stoffgewicht", value: "160–200 GSM" });
    // An untranslated product on the German file: English, marked English.
    expect(men.subcategories!.find((s) => s.name === "hoodie")).toMatchObject({ label: "Hoodie", lang: "en" });
    const englishTee = en.find((c) => c.category === "men")!.subcategories!.find((s) => s.name === "tshirt")!;
    expect(englishTee.productName[0]).toBe("Crew Neck Tee");
    expect(englishTee).not.toHaveProperty("lang");
    expect(englishTee.details!.facts.find((f) => f.key === "moq")).toEqual({ key: "moq", label: "Minimum order", value: "1,200 pieces per colour" });
    // The same photos in both.
    expect(tee.pictures).toEqual(englishTee.pictures);
  });
});

describe("a bad gallery file", encodesSeedPhotos, () => {
  const problems = async () => {
    try {
      await dataOf();
      return "";
    } catch (error) {
      return (error as Error).message;
    }
  };

  it("passes when nothing is broken", async () => {
    expect(await problems()).toBe("");
  });

  it("fails naming the file and the field of a wrong value, every one at once", async () => {
    const tshirt = file("gallery/items/men/tshirt.yaml");
    await writeFile(tshirt, (await readFile(tshirt, "utf8")).replace("order: 1", "order: first"));
    await writeFile(file("gallery/families/men.yaml"), "label: Men\norder: 2\nvideo: /videos/nothing-here.mp4\n");
    await writeFile(file("gallery/items/men/hoodie.yaml"), "label: Hoodie\norder: 4\nphotos: []\n");
    const message = await problems();
    expect(message).toMatch(/^Invalid content \(3 problems\):\n/);
    expect(message).toContain(`content/gallery/items/men/tshirt.yaml: order: Must be a number`);
    expect(message).toContain(`content/gallery/families/men.yaml: video: missing file public/videos/nothing-here.mp4 and public/videos/nothing-here.webp`);
    expect(message).toContain(`content/gallery/items/men/hoodie.yaml: photos: Must have at least 1 element`);
    expect(message).not.toContain("Invalid data for");
  });

  it("fails naming an item whose family does not exist, and an address that is not family/item", async () => {
    await cp(file("gallery/items/men"), file("gallery/items/sports"), { recursive: true });
    await writeFile(file("gallery/items/men/Polo Shirt.yaml"), "label: Polo\norder: 1\nphotos:\n  - image: /media/gallery/men/tshirt/photos/0/image.webp\n");
    const message = await problems();
    expect(message).toContain(
      `content/gallery/items/sports/tshirt.yaml: label (page address): no gallery family 'sports' (content/gallery/families/sports.yaml)`,
    );
    expect(message).toContain(`content/gallery/items/men/Polo Shirt.yaml: label: Page address must be family/item, e.g. men/tshirt`);
  });

  it("fails naming the item file, the photo field and the photo file of a missing, oversize or wrong-format photo", async () => {
    await rm(file("media/gallery/men/footware/photos/0/image.webp"));
    await writeFile(
      file("media/gallery/men/hoodie/photos/0/image.webp"),
      await sharp({ create: { width: 40, height: 40, channels: 3, background: "#c00" } })
        .gif()
        .toBuffer(),
    );
    await writeFile(file("media/gallery/men/footware/photos/1/image.webp"), Buffer.alloc(10 * 1024 * 1024 + 1, 7));
    const message = await problems();
    expect(message).toContain(
      `content/gallery/items/men/footware.yaml: photos.0.image: content/media/gallery/men/footware/photos/0/image.webp: file not found: a photo must be uploaded before it is shown`,
    );
    expect(message).toContain(
      `content/gallery/items/men/hoodie.yaml: photos.0.image: content/media/gallery/men/hoodie/photos/0/image.webp: is gif inside: a photo must be JPEG, PNG or WebP`,
    );
    expect(message).toContain(
      `content/gallery/items/men/footware.yaml: photos.1.image: content/media/gallery/men/footware/photos/1/image.webp: is 10.0 MB: a photo must be at most 10.0 MB`,
    );
  });

  it("titles a photo without a title 'Name of products', keeping the others in place", async () => {
    const tshirt = file("gallery/items/men/tshirt.yaml");
    await writeFile(tshirt, (await readFile(tshirt, "utf8")).replace("title: Crew Neck Tee", "title: ''"));
    const data = await dataOf();
    const item = data.find((c) => c.category === "men")!.subcategories!.find((s) => s.name === "tshirt")!;
    expect(item.productName).toEqual(["Name of products", "V-Neck Tee", "Pocket Tee"]);
  });
});

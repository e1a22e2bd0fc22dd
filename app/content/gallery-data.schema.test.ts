import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { galleryDataPaths, galleryDataProblems, readGalleryData } from "~/features/gallery/gallery-data.server";
import { galleryItemPaths } from "./gallery-catalog";
import { parseGalleryData } from "./gallery-data.schema";

const raw = JSON.parse(readFileSync("public/data.json", "utf8"));

describe("public/data.json", () => {
  it("passes the schema, has every file it names and agrees with the catalogue", () => {
    const data = readGalleryData();
    expect(galleryDataProblems(data)).toEqual([]);
  });

  it("has the six categories and the 49 items of SPEC §2, each with at least three titled images", () => {
    const data = parseGalleryData(raw);
    expect(data.map((c) => c.category)).toEqual(["women", "men", "kids", "fashion", "hometextile", "nontextile"]);
    const paths = galleryDataPaths(data);
    expect(paths).toHaveLength(49);
    expect(new Set(paths)).toEqual(new Set(galleryItemPaths()));
    expect(paths).toContain("/gallery/nontextile/straw&plasticbasket");
    expect(paths).toContain("/gallery/nontextile/recyleplastic&paper");
    for (const s of data.flatMap((c) => c.subcategories ?? [])) {
      expect(s.images.length, s.name).toBeGreaterThanOrEqual(3);
      expect(s.productName, s.name).toHaveLength(s.images.length);
    }
  });

  it("names the category, subcategory and field of a bad entry", () => {
    const broken = structuredClone(raw);
    broken[1].subcategories[0].images[1] = "not a url";
    expect(() => parseGalleryData(broken)).toThrow(/public\/data\.json: \[1\] men\.subcategories\[0\] tshirt\.images\[1\]: must be/);
  });

  it("rejects a duplicate subcategory", () => {
    const broken = structuredClone(raw);
    broken[2].subcategories[1].name = broken[2].subcategories[0].name;
    expect(() => parseGalleryData(broken)).toThrow(/\[2\] kids\.subcategories\[1\] sweatshirt\.name: duplicate subcategory/);
  });

  it("rejects more titles than images and a missing name, listing both", () => {
    const broken = structuredClone(raw);
    broken[0].subcategories[0].productName.push("One", "Two");
    delete broken[3].category;
    const message = (() => {
      try {
        parseGalleryData(broken);
        return "";
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(message).toMatch(/\[0\] women\.subcategories\[0\] tops\.productName: has more productName entries than images/);
    expect(message).toMatch(/\[3\]\.category: /);
  });

  it("accepts an absolute https image (a CDN) as given", () => {
    const cdn = structuredClone(raw);
    cdn[0].subcategories[0].images[0] = "https://cdn.example.com/tops.jpg";
    expect(parseGalleryData(cdn)[0]?.subcategories?.[0]?.images[0]).toBe("https://cdn.example.com/tops.jpg");
  });

  it("reports a missing image file", () => {
    const data = parseGalleryData(structuredClone(raw));
    data[1]!.subcategories![0]!.images[0] = "/images/gallery/men/no-such-file.webp";
    expect(galleryDataProblems(data)).toContain(
      "public/data.json: men > tshirt: missing file public/images/gallery/men/no-such-file.webp (run npm run gallery:images)",
    );
  });
});

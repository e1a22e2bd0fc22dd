import { describe, expect, it } from "vitest";
import { contentEntries } from "./content-entries";
import { studioConfig } from "./studio-config";

// Which entry a file of a save belongs to, with the studio's real configuration (keystatic.config.ts).
describe("content entries", () => {
  const entries = contentEntries(studioConfig);

  it("finds a singleton's file, a collection entry's file (the collection wins over a singleton of the same folder) and a nested gallery item", () => {
    expect(entries.entryOf("content/faq.yaml")).toEqual({ kind: "singleton", key: "faqPage", slug: "" });
    expect(entries.entryOf("content/faq/moq.mdoc")).toEqual({ kind: "collection", key: "faqEntries", slug: "moq" });
    expect(entries.entryOf("content/offices/bangladesh.yaml")).toEqual({ kind: "collection", key: "offices", slug: "bangladesh" });
    expect(entries.entryOf("content/company/about.mdoc")).toMatchObject({ kind: "singleton", slug: "" });
    expect(entries.entryOf("content/gallery/items/men/shirt.yaml")).toEqual({ kind: "collection", key: "galleryItems", slug: "men/shirt" });
    expect(entries.entryOf("content/gallery/families/men.yaml")).toEqual({ kind: "collection", key: "galleryFamilies", slug: "men" });
  });

  it("gives photos under media/ no entry by their path, and names entries as the studio does", () => {
    expect(entries.entryOf("content/media/gallery/men/shirt/photo.jpg")).toBeUndefined();
    expect(entries.labelOf({ kind: "collection", key: "offices", slug: "bangladesh" })).toBe("Offices (addresses, phones): bangladesh");
    expect(entries.isEntryFile("content/faq/moq.mdoc", { kind: "collection", key: "faqEntries", slug: "moq" })).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { navigation } from "./navigation";

// content/ itself is tested in ./reader/site-content.server.test.ts (the gallery in
// app/features/gallery/gallery-data.server.test.ts); this is the menu as the pages receive it.
describe("content", () => {
  it("has the menu in order", () => {
    expect(navigation.map((i) => i.label)).toEqual([
      "HOME",
      "OUR COMPANY",
      "PRODUCT GALLERY",
      "SERVICES",
      "QUALITY",
      "CONTACT",
      "CAREER",
      "FAQ",
    ]);
    const company = navigation.find((i) => i.label === "OUR COMPANY");
    expect(company && "children" in company ? company.children.map((c) => c.to) : []).toEqual([
      "/our-company/aboutus",
      "/our-company/mission",
      "/our-company/strength",
      "/our-company/compliance",
      "/our-company/goal",
      "/our-company/organogram",
      "/our-company/md",
    ]);
    // The Product Gallery drop-down is the gallery families (fixtures/content/gallery/families/), in their order.
    const gallery = navigation.find((i) => i.label === "PRODUCT GALLERY");
    expect(gallery && "children" in gallery ? gallery.children.map((c) => c.to) : []).toEqual(
      ["men", "women", "nontextile"].map((family) => `/gallery/${family}`),
    );
  });
});

import { describe, expect, it } from "vitest";
import { galleryShowcasesSchema } from "./gallery-showcase.schema";
import { galleryShowcases } from "./gallery-showcases";
import { navigation } from "./navigation";
import { contentModules, validateContent } from "./validate";

// content/ itself is tested in ./reader/read-content.test.ts (the gallery in
// app/features/gallery/gallery-content.server.test.ts); these are the gallery showcase module still in
// TypeScript, and the menu as the pages receive it.
describe("content", () => {
  it("gallery modules pass their schemas", () => {
    expect(() => validateContent()).not.toThrow();
  });

  it("names the module and field of a bad gallery showcase card", () => {
    const cards = galleryShowcases.homeTextile.cards.map((c, i) => (i === 1 ? { ...c, image: "/images/old-drawing.webp" } : c));
    const broken = [{ name: "gallery-showcases", schema: galleryShowcasesSchema, data: { ...galleryShowcases, homeTextile: { ...galleryShowcases.homeTextile, cards } } }];
    expect(() => validateContent(broken)).toThrow(/app\/content\/gallery-showcases: homeTextile\.cards\.1\.image: must be a gallery photo/);
  });

  it("registers every module once", () => {
    const names = contentModules.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it("has the menu of SPEC §2 in order", () => {
    expect(navigation.map((i) => i.label)).toEqual([
      "HOME",
      "OUR COMPANY",
      "SERVICES",
      "QUALITY",
      "CONTACT",
      "CAREER",
      "FAQ",
    ]);
    const company = navigation.find((i) => "children" in i);
    expect(company && "children" in company ? company.children.map((c) => c.to) : []).toEqual([
      "/our-company/aboutus",
      "/our-company/mission",
      "/our-company/strength",
      "/our-company/compliance",
      "/our-company/goal",
      "/our-company/organogram",
      "/our-company/md",
    ]);
  });
});

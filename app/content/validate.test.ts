import { describe, expect, it } from "vitest";
import { galleryCatalog, galleryItemPaths } from "./gallery-catalog";
import { navigation } from "./navigation";
import { galleryCatalogSchema } from "./schema";
import { contentModules, validateContent } from "./validate";

// content/ itself is tested in ./reader/read-content.test.ts; these are the gallery modules still
// in TypeScript, and the menu as the pages receive it.
describe("content", () => {
  it("gallery modules pass their schemas", () => {
    expect(() => validateContent()).not.toThrow();
  });

  it("names the module and field of a bad gallery entry", () => {
    const broken = [{ name: "gallery-catalog", schema: galleryCatalogSchema, data: [{ ...galleryCatalog[0], label: "" }, ...galleryCatalog.slice(1)] }];
    expect(() => validateContent(broken)).toThrow(/app\/content\/gallery-catalog: 0\.label:/);
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

  it("lists the 49 gallery paths of SPEC §2", () => {
    const paths = galleryItemPaths();
    expect(paths).toHaveLength(49);
    expect(paths).toContain("/gallery/women/pant");
    expect(paths).toContain("/gallery/nontextile/straw&plasticbasket");
    expect(new Set(paths).size).toBe(49);
  });
});

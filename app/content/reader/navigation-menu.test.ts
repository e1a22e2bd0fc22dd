import { describe, expect, it } from "vitest";
import { navigationMenu } from "./navigation-menu";

const families = [
  { slug: "women", label: "Women" },
  { slug: "hometextile", label: "Home Textile" },
];

describe("navigationMenu", () => {
  it("fills a group marked childrenFrom: galleryFamilies with the family pages, in the families' order", () => {
    const menu = navigationMenu([{ label: "PRODUCT GALLERY", to: "", childrenFrom: "galleryFamilies", children: [] }], families);
    expect(menu).toEqual([
      {
        label: "PRODUCT GALLERY",
        id: "product-gallery",
        children: [
          { label: "Women", to: "/gallery/women" },
          { label: "Home Textile", to: "/gallery/hometextile" },
        ],
      },
    ]);
  });

  it("follows the families: one added or removed changes the drop-down", () => {
    const entry = { label: "PRODUCT GALLERY", to: "", childrenFrom: "galleryFamilies" as const, children: [] };
    const added = navigationMenu([entry], [...families, { slug: "sports", label: "Sports" }])[0];
    expect(added && "children" in added && added.children.map((c) => c.to)).toEqual(["/gallery/women", "/gallery/hometextile", "/gallery/sports"]);
    const removed = navigationMenu([entry], families.slice(1))[0];
    expect(removed && "children" in removed && removed.children.map((c) => c.label)).toEqual(["Home Textile"]);
  });

  it("keeps links and listed groups as written", () => {
    const menu = navigationMenu(
      [
        { label: "HOME", to: "/", children: [] },
        { label: "OUR COMPANY", to: "", childrenFrom: "list", children: [{ label: "Goal", to: "/our-company/goal" }] },
      ],
      families,
    );
    expect(menu).toEqual([
      { label: "HOME", to: "/" },
      { label: "OUR COMPANY", id: "our-company", children: [{ label: "Goal", to: "/our-company/goal" }] },
    ]);
  });

  it("names an entry that is neither a link nor a group, or lists sub-links the families replace", () => {
    const problems: string[] = [];
    navigationMenu(
      [
        { label: "EMPTY", to: "", children: [] },
        { label: "BOTH", to: "/gallery", childrenFrom: "galleryFamilies", children: [] },
        { label: "TWICE", to: "", childrenFrom: "galleryFamilies", children: [{ label: "Men", to: "/gallery/men" }] },
      ],
      families,
      (i, message) => problems.push(`menu.${i}: ${message}`),
    );
    expect(problems).toEqual([
      "menu.0: give either a link starting with / or sub-links, not both",
      "menu.1: give either a link starting with / or sub-links, not both",
      "menu.2: the sub-links come from the gallery families: leave the list of sub-links empty",
    ]);
  });
});

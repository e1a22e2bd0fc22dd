import { describe, expect, it } from "vitest";
import { navigation } from "./navigation";

// content/ itself is tested in ./reader/read-content.test.ts (the gallery in
// app/features/gallery/gallery-content.server.test.ts); this is the menu as the pages receive it.
describe("content", () => {
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

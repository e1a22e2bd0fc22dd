import { describe, expect, it } from "vitest";
import { navigation } from "./navigation";
import { siteSchema } from "./schema";
import { site } from "./site";
import { contentModules, validateContent } from "./validate";

describe("content", () => {
  it("passes its schemas", () => {
    expect(() => validateContent()).not.toThrow();
  });

  it("names the module and field of a bad entry", () => {
    const broken = [{ name: "site", schema: siteSchema, data: { ...site, email: "not-an-email" } }];
    expect(() => validateContent(broken)).toThrow(/app\/content\/site: email:/);
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

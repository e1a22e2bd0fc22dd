// @vitest-environment node
import { describe, expect, it } from "vitest";
import { fixtureContentDir } from "../../../fixtures/fixture-content";
import { filterSearch, isFiltering, matchesFilter, noFilter, plainTextMatch, readFilter } from "./catalogue-filter-state";
import { loadCatalogueSearch } from "./catalogue-search";
import { catalogueView } from "./catalogue-view";
import { loadCatalogueData } from "./gallery-data.server";

// The catalogue at /gallery (decision 0077) on the fixture content: what its cards and filters offer, and
// the filter rules (the page's end-to-end test runs them in the browser, e2e/catalogue.spec.ts).

const view = async () => {
  const { data, words } = await loadCatalogueData(fixtureContentDir);
  return catalogueView(data, words);
};
const item = (v: Awaited<ReturnType<typeof view>>, path: string) =>
  v.families.flatMap((f) => f.items.map((i) => ({ family: f.slug, item: i }))).find((x) => x.item.path === path)!;
const shown = (v: Awaited<ReturnType<typeof view>>, search: string, hits?: ReadonlySet<string>) =>
  v.families.flatMap((f) => f.items.filter((i) => matchesFilter(i, f.slug, readFilter(new URLSearchParams(search)), hits)).map((i) => i.path));

describe("the catalogue's data", () => {
  it("gives each card its construction, composition and certificates, and each filter only the choices some product has", async () => {
    const v = await view();
    expect(item(v, "/gallery/men/tshirt").item.facts).toEqual([
      [{ text: "Jersey" }],
      [{ text: "100% organic cotton, CVC 60/40" }],
      [{ text: "GOTS – Global Organic Textile Standard, OEKO-TEX STANDARD 100" }],
    ]);
    expect(item(v, "/gallery/men/hoodie").item.facts).toEqual([]);
    expect(item(v, "/gallery/nontextile/basket").item.facts).toEqual([[{ text: "Non-textile" }], [{ text: "Fixture jute" }]]);
    expect(v.choices.construction).toEqual([
      { value: "jersey", label: "Jersey" },
      { value: "non-textile", label: "Non-textile" },
    ]);
    expect(v.choices.material.map((c) => c.label)).toEqual(["100% organic cotton", "BCI cotton", "CVC 60/40", "Fixture jute", "Organic cotton"]);
    expect(v.choices.certificate.map((c) => c.value)).toEqual(["gots-knit-partner", "oeko-tex-standard-100"]);
    expect(v.choices.moq).toEqual([
      { value: "300", label: "Up to 300 pieces per colour" },
      { value: "500", label: "Up to 500 pieces per colour" },
      { value: "1000", label: "Up to 1,000 pieces per colour" },
    ]);
  });
});

describe("the catalogue's filters", () => {
  it("read from and write to the address, only what is set, in one order", () => {
    const filter = readFilter(new URLSearchParams("moq=500&family=men&q=organic+jersey&utm=x"));
    expect(filter).toEqual({ ...noFilter, q: "organic jersey", family: "men", moq: "500" });
    expect(filterSearch(filter)).toBe("?q=organic+jersey&family=men&moq=500");
    expect(filterSearch(noFilter)).toBe("");
    expect(isFiltering(noFilter)).toBe(false);
    expect(isFiltering(filter)).toBe(true);
  });

  it("narrow by family, construction, material, certificate and minimum order together", async () => {
    const v = await view();
    expect(shown(v, "family=men")).toEqual(["/gallery/men/tshirt", "/gallery/men/hoodie", "/gallery/men/footware"]);
    expect(shown(v, "construction=jersey")).toEqual(["/gallery/men/tshirt"]);
    expect(shown(v, "material=organic-cotton")).toEqual(["/gallery/men/tshirt"]);
    expect(shown(v, "certificate=oeko-tex-standard-100")).toEqual(["/gallery/men/tshirt"]);
    // Up to 500 pieces per colour: the basket (1,000) is out; products on the company's 500 are in.
    expect(shown(v, "moq=500")).not.toContain("/gallery/nontextile/basket");
    expect(shown(v, "moq=500")).toContain("/gallery/men/hoodie");
    expect(shown(v, "moq=300")).toEqual(["/gallery/men/tshirt"]);
    expect(shown(v, "family=women&construction=jersey")).toEqual([]);
  });

  it("search names and specifications: a plain match until the search library loads, then the library's", async () => {
    const v = await view();
    expect(plainTextMatch("Men T-Shirt 100% organic cotton", "organic cott")).toBe(true);
    expect(plainTextMatch("Men T-Shirt", "organic")).toBe(false);
    expect(shown(v, "q=organic+jersey")).toEqual(["/gallery/men/tshirt"]);
    const search = await loadCatalogueSearch(v.families.flatMap((f) => f.items.map((i) => ({ path: i.path, text: i.text }))));
    expect(shown(v, "q=organic+jersey", search("organic jersey"))).toEqual(["/gallery/men/tshirt"]);
    // Prefixes and a typo in a longer word.
    expect([...search("jut")]).toEqual(["/gallery/nontextile/basket"]);
    expect([...search("organik jersey")]).toEqual(["/gallery/men/tshirt"]);
    expect(shown(v, "q=basket&family=men", search("basket"))).toEqual([]);
  });
});

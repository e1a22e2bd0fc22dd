import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { withoutLanguagePrefix } from "./bench.mjs";
import { buildOrder, comparisonTable, isBuildFolder, routePairs, routesInBoth } from "./compare.mjs";

/** A build folder with the prerendered pages of `routes` (and its server bundle unless `server` is false). */
function fakeBuild(routes, { server = true } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "bench-compare-test-"));
  for (const route of routes) {
    const folder = join(dir, "client", route);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, "index.html"), "<!doctype html>");
  }
  if (server) {
    mkdirSync(join(dir, "node"));
    writeFileSync(join(dir, "node", "index.mjs"), "");
  }
  return dir;
}

describe("isBuildFolder", () => {
  it("takes a folder with the prerendered site and its server, and nothing less", () => {
    expect(isBuildFolder(fakeBuild(["/"]))).toBe(true);
    expect(isBuildFolder(fakeBuild(["/"], { server: false }))).toBe(false);
    expect(isBuildFolder(fakeBuild(["/faq"]))).toBe(false);
  });
});

describe("routesInBoth", () => {
  it("keeps the routes, in their order, that every build prerenders", () => {
    const before = fakeBuild(["/", "/faq", "/gallery/men"]);
    const after = fakeBuild(["/", "/faq", "/quote", "/gallery/men"]);
    expect(routesInBoth(["/quote", "/", "/gallery/men", "/faq"], [before, after])).toEqual(["/", "/gallery/men", "/faq"]);
  });
});

describe("routePairs", () => {
  it("compares a language the baseline does not have with the baseline's page in its default language", () => {
    const before = fakeBuild(["/", "/contact", "/faq"]);
    const after = fakeBuild(["/", "/faq", "/de", "/fr/contact", "/es/quote"]);
    expect(routePairs(["/", "/de", "/fr/contact", "/faq", "/es/quote", "/career"], [before, after])).toEqual([
      { route: "/", baseline: "/" },
      { route: "/de", baseline: "/" },
      { route: "/fr/contact", baseline: "/contact" },
      { route: "/faq", baseline: "/faq" },
    ]);
  });

  it("compares a language both builds have page for page", () => {
    const both = fakeBuild(["/", "/de"]);
    expect(routePairs(["/de"], [both, both])).toEqual([{ route: "/de", baseline: "/de" }]);
  });

  it("takes only a language code as a prefix", () => {
    expect(["/de", "/fr/contact", "/pt-br/faq", "/faq", "/gallery/men", "/"].map(withoutLanguagePrefix)).toEqual([
      "/",
      "/contact",
      "/faq",
      "/faq",
      "/gallery/men",
      "/",
    ]);
  });
});

describe("buildOrder", () => {
  it("loads the baseline first on odd runs and the current build first on even ones", () => {
    expect([1, 2, 3, 4].map(buildOrder)).toEqual([
      ["baseline", "current"],
      ["current", "baseline"],
      ["baseline", "current"],
      ["current", "baseline"],
    ]);
  });
});

describe("comparisonTable", () => {
  const runs = {
    "/faq": {
      baseline: { interactive: [1500, 1400, 1450], performance: [100, 99, 98], lcp: [1200, 1300, 1250], tbt: [40, 60, 50] },
      current: { interactive: [1550, 1600, 1520], performance: [97, 98, 96], lcp: [1250, 1250, 1250], tbt: [40, 45, 50] },
    },
    "/contact": { baseline: { interactive: [1400] }, current: { interactive: [1380] } },
  };
  const table = comparisonTable(["/faq", "/contact"], (route, build, key) => runs[route][build][key]).split("\n");
  const row = (route, metric) => table.find((line) => line.startsWith(`| ${route} | ${metric} |`))?.split(" | ");

  it("gives each build's runs and median, the change of the median and the median of the run-by-run changes, current minus baseline", () => {
    // Run by run: +50, +200, +70 ms.
    expect(row("/faq", "interactive")).toEqual([
      "| /faq",
      "interactive",
      "1.50 s, 1.40 s, 1.45 s",
      "1.55 s, 1.60 s, 1.52 s",
      "1.45 s",
      "1.55 s",
      "+100 ms",
      "+70 ms",
      "yes → no |",
    ]);
    // Run by run: 0, −15, 0 ms.
    expect(row("/faq", "TBT").slice(4, 8)).toEqual(["50 ms", "45 ms", "−5 ms", "±0 ms"]);
    expect(row("/faq", "LCP").slice(4, 8)).toEqual(["1.25 s", "1.25 s", "±0 ms", "±0 ms"]);
  });

  it("says whether each build's median meets its target", () => {
    expect(row("/faq", "Performance").slice(4)).toEqual(["99", "97", "−2", "−2", "yes → no |"]);
    expect(row("/contact", "interactive").at(-1)).toBe("yes → yes |");
  });

  it("leaves out a metric a route has no runs of (Lighthouse not run)", () => {
    expect(row("/contact", "LCP")).toBeUndefined();
    expect(table.filter((line) => line.startsWith("| /contact |"))).toHaveLength(1);
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { buildSteps, runBuildSteps } from "./run-steps.mjs";
import { tempBuild } from "./temp-build.mjs";

let build;
afterEach(() => build?.remove());

describe("the build runner", () => {
  it("runs the steps in order on one listing of the build and one read of the content", async () => {
    build = await tempBuild({ "index.html": "<p>home</p>" });
    let reads = 0;
    const seen = [];
    const step = (name) => ({
      name,
      run: ({ files, content, siteUrl }) => {
        seen.push([name, files.text("index.html"), content.modules.site.url, siteUrl]);
        files.setText("index.html", `${files.text("index.html")}<p>${name}</p>`);
        return `${name} done`;
      },
    });
    const lines = [];
    await runBuildSteps({
      buildDir: build.buildDir,
      siteUrl: "https://ssl.example",
      steps: [step("first"), step("second")],
      readSiteContent: async () => (reads++, { modules: { site: { url: "https://content.example" } } }),
      log: (line) => lines.push(line),
    });
    expect(reads).toBe(1);
    expect(seen).toEqual([
      ["first", "<p>home</p>", "https://content.example", "https://ssl.example"],
      ["second", "<p>home</p><p>first</p>", "https://content.example", "https://ssl.example"],
    ]);
    expect(lines.map((line) => line.replace(/ \(\d+ ms\)$/, ""))).toEqual(["first: first done", "second: second done"]);
  });

  it("stops at a failing step, naming it, and runs none after it", async () => {
    build = await tempBuild({ "index.html": "<p>home</p>" });
    const ran = [];
    const steps = [
      { name: "check", run: () => { throw new Error("build/client/index.html: content hidden"); } },
      { name: "stamp", run: () => void ran.push("stamp") },
    ];
    await expect(runBuildSteps({ buildDir: build.buildDir, steps, readSiteContent: async () => ({}), log: () => {} })).rejects.toThrow(
      "build step check: build/client/index.html: content hidden",
    );
    expect(ran).toEqual([]);
  });

  it("keeps the order the output depends on", () => {
    const at = (name) => {
      const index = buildSteps.findIndex((step) => step.name === name);
      expect(index, name).toBeGreaterThanOrEqual(0);
      return index;
    };
    // 404.html is a page like the others: rewritten, hashed and compressed.
    expect(at("not-found-page")).toBeLessThan(at("hidden-content"));
    // The check reads the pages as React rendered them.
    expect(at("hidden-content")).toBeLessThan(at("compile-hints"));
    // compile-hints reads the preload links that defer-hydration removes.
    expect(at("compile-hints")).toBeLessThan(at("defer-hydration"));
    expect(at("inline-stylesheets")).toBeLessThan(at("defer-hydration"));
    expect(at("inline-small-images")).toBeLessThan(at("defer-hydration"));
    // Every rewrite is on disk before the compressed copies and the CSP hashes are made from it.
    for (const rewrite of ["not-found-page", "sitemap", "data-twin", "company-profile-pdf", "defer-hydration"]) {
      expect(at(rewrite)).toBeLessThan(at("write-client-files"));
    }
    expect(at("write-client-files")).toBeLessThan(at("precompress"));
    expect(at("defer-hydration")).toBeLessThan(at("security-config"));
    expect(at("stamp")).toBe(buildSteps.length - 1);
  });
});

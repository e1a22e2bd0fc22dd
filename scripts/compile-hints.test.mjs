import { describe, expect, it } from "vitest";
import { compileHint, withCompileHint } from "./compile-hints.mjs";
import { modulePreloads } from "./defer-hydration.mjs";

describe("compile hints", () => {
  it("opens the file with V8's magic comment, once", () => {
    const source = 'import{a as b}from"./shell-1.js";b();';
    expect(withCompileHint(source)).toBe(`//# allFunctionsCalledOnLoad\n${source}`);
    expect(withCompileHint(withCompileHint(source))).toBe(withCompileHint(source));
    expect(compileHint.startsWith("//# allFunctionsCalledOnLoad")).toBe(true);
  });

  it("finds the modules a page preloads to hydrate, and nothing else", () => {
    const html =
      '<head><link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-4.js"/>' +
      '<link rel="preload" as="image" href="/images/hero.avif"/><script type="module" async="">import("/assets/particles-9.js");</script></head>';
    expect(modulePreloads(html)).toEqual(["/assets/manifest-1.js", "/assets/entry.client-4.js"]);
  });
});

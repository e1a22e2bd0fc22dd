import { afterEach, describe, expect, it } from "vitest";
import { tempBuild } from "../temp-build.mjs";
import { compileHint, compileHints, withCompileHint } from "./compile-hints.mjs";

let build;
afterEach(() => build?.remove());

describe("compile hints", () => {
  it("opens the file with V8's magic comment, once", () => {
    const source = 'import{a as b}from"./shell-1.js";b();';
    expect(withCompileHint(source)).toBe(`//# allFunctionsCalledOnLoad\n${source}`);
    expect(withCompileHint(withCompileHint(source))).toBe(withCompileHint(source));
    expect(compileHint.startsWith("//# allFunctionsCalledOnLoad")).toBe(true);
  });
});

describe("compile-hints step", () => {
  it("hints the modules a page preloads to hydrate, and no module loaded later", async () => {
    const page = '<html><head><link rel="modulepreload" href="/assets/entry-1.js"/><link rel="modulepreload" href="/assets/shell-2.js"/></head><body></body></html>';
    build = await tempBuild({ "index.html": page, "faq/index.html": page, "assets/entry-1.js": "a();", "assets/shell-2.js": "b();", "assets/particles-3.js": "c();" });
    expect(compileHints.run(build)).toBe("2 modules");
    expect(build.files.text("assets/entry-1.js")).toBe(`${compileHint}a();`);
    expect(build.files.text("assets/shell-2.js")).toBe(`${compileHint}b();`);
    expect(build.files.text("assets/particles-3.js")).toBe("c();");
  });
});

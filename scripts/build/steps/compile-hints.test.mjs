import { describe, expect, it } from "vitest";
import { compileHint, withCompileHint } from "./compile-hints.mjs";

describe("compile hints", () => {
  it("opens the file with V8's magic comment, once", () => {
    const source = 'import{a as b}from"./shell-1.js";b();';
    expect(withCompileHint(source)).toBe(`//# allFunctionsCalledOnLoad\n${source}`);
    expect(withCompileHint(withCompileHint(source))).toBe(withCompileHint(source));
    expect(compileHint.startsWith("//# allFunctionsCalledOnLoad")).toBe(true);
  });
});

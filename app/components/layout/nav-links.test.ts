import { describe, expect, it } from "vitest";
import { isCurrentPath, isWithinPath } from "./nav-links";

describe("isCurrentPath", () => {
  it("matches the same path with or without a trailing slash", () => {
    expect(isCurrentPath("/faq", "/faq")).toBe(true);
    expect(isCurrentPath("/faq", "/faq/")).toBe(true);
  });
  it("keeps home current only on /", () => {
    expect(isCurrentPath("/", "/")).toBe(true);
    expect(isCurrentPath("/", "/faq")).toBe(false);
  });
  it("does not treat a prefix as current", () => {
    expect(isCurrentPath("/our-company/md", "/our-company/mission")).toBe(false);
  });
});

describe("isWithinPath", () => {
  it("matches the path itself and the pages below it", () => {
    expect(isWithinPath("/gallery/men", "/gallery/men")).toBe(true);
    expect(isWithinPath("/gallery/men", "/gallery/men/tshirt")).toBe(true);
    expect(isWithinPath("/gallery/men", "/gallery/men/")).toBe(true);
  });
  it("does not match a longer name or the home page's children", () => {
    expect(isWithinPath("/gallery/men", "/gallery/menswear")).toBe(false);
    expect(isWithinPath("/gallery/men", "/gallery")).toBe(false);
    expect(isWithinPath("/", "/faq")).toBe(false);
  });
});

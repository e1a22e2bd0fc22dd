import { describe, expect, it } from "vitest";
import { isCurrentPath } from "./nav-links";

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

import { describe, expect, it } from "vitest";
import { hasVisibleText, withoutInvisibleControls } from "./visible-text";

describe("hasVisibleText", () => {
  it.each(["\u200B", " \u200B\u200C\u200D ", "\u202E\u2066\u061C\u200E", "\uFEFF\u2060", "\u00A0\u3000\t", "\u3164\u2800", ""])(
    "finds nothing to see in %j",
    (text) => expect(hasVisibleText(text)).toBe(false),
  );

  it.each(["Rahim", "\u200BA", "রহিম", "x\u202E"])("finds a visible character in %j", (text) => expect(hasVisibleText(text)).toBe(true));
});

describe("withoutInvisibleControls", () => {
  it("removes bidi controls and zero-width characters, nothing else", () => {
    expect(withoutInvisibleControls("cv\u202Ecod.html")).toBe("cvcod.html");
    expect(withoutInvisibleControls("resume\u202Efdp.exe")).toBe("resumefdp.exe");
    expect(withoutInvisibleControls("\u2066A\u2069\u200B\u200E\u061C\uFEFF B")).toBe("A B");
    expect(withoutInvisibleControls("Rahim Uddin, রহিম")).toBe("Rahim Uddin, রহিম");
  });
});

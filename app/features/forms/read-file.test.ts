import { describe, expect, it } from "vitest";
import { isResumeTooLarge, readAsDataUrl } from "./read-file";

describe("resume size rule (50KB = 50 × 1024 bytes)", () => {
  it("takes a file of exactly 51,200 bytes and refuses one byte more", () => {
    expect(isResumeTooLarge({ size: 50 * 1024 })).toBe(false);
    expect(isResumeTooLarge({ size: 50 * 1024 + 1 })).toBe(true);
    expect(isResumeTooLarge({ size: 0 })).toBe(false);
  });
});

describe("readAsDataUrl", () => {
  it("encodes the file as a base64 data URL with its type", async () => {
    const file = new File(["hello"], "cv.txt", { type: "text/plain" });
    expect(await readAsDataUrl(file)).toBe(`data:text/plain;base64,${btoa("hello")}`);
  });
});

import { afterEach, describe, expect, it, vi } from "vitest";
import { isAcceptedResume, isResumeTooLarge, readAsDataUrl } from "./read-file";

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

describe("isAcceptedResume", () => {
  afterEach(() => {
    vi.doUnmock("~/lib/contracts/resume-content");
    vi.resetModules();
  });

  it("takes a file whose content is a resume type and refuses one that is not, whatever its name", async () => {
    expect(await isAcceptedResume(new File(["%PDF-1.7\n%…"], "cv.pdf"))).toBe(true);
    expect(await isAcceptedResume(new File(["<html><script>alert(1)</script></html>"], "cv.pdf"))).toBe(false);
  });

  it("lets the file through when the check cannot be fetched, for the server to judge", async () => {
    vi.resetModules();
    vi.doMock("~/lib/contracts/resume-content", () => {
      throw new Error("Failed to fetch dynamically imported module");
    });
    const { isAcceptedResume: withoutCheck } = await import("./read-file");
    expect(await withoutCheck(new File(["<html></html>"], "cv.pdf"))).toBe(true);
  });
});

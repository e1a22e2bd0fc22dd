import { describe, expect, it } from "vitest";
import { galleryImageHeightPx } from "~/lib/contracts/constants";
import { galleryImageHeightClass } from "./gallery-image-height";

describe("galleryImageHeightClass", () => {
  it("has a class for every gallery image height of constants.ts", () => {
    for (const px of Object.values(galleryImageHeightPx)) expect(galleryImageHeightClass(px)).toBe(`h-[${px}px]`);
  });
});

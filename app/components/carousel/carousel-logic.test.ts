import { describe, expect, it } from "vitest";
import { carousel, certificateCardCount } from "~/lib/contracts/constants";
import { dragStep, isInView, lastStart, nextIndex, previousIndex } from "./carousel-logic";

describe("carousel index arithmetic", () => {
  it("steps forward and wraps from the last full view to the first", () => {
    const visible = carousel.certificateVisible;
    const last = certificateCardCount - visible; // 19: cards 20-23 fill the last view
    expect(lastStart(certificateCardCount, visible)).toBe(last);
    expect(nextIndex(0, certificateCardCount, visible)).toBe(1);
    expect(nextIndex(last - 1, certificateCardCount, visible)).toBe(last);
    expect(nextIndex(last, certificateCardCount, visible)).toBe(0);
  });

  it("steps back and wraps from the first view to the last", () => {
    expect(previousIndex(3, 6)).toBe(2);
    expect(previousIndex(0, 6)).toBe(5);
    expect(previousIndex(0, 13, 6)).toBe(7);
  });

  it("wraps at both ends of a one-card carousel (the About team)", () => {
    expect(nextIndex(5, 6, 1)).toBe(0);
    expect(previousIndex(0, 6, 1)).toBe(5);
  });

  it("treats an index left beyond the end (after the view widened) as the last view", () => {
    expect(previousIndex(20, 23, 4)).toBe(18);
    expect(nextIndex(20, 23, 4)).toBe(0);
  });

  it("never shows an empty view when there are fewer items than places", () => {
    expect(lastStart(3, 6)).toBe(0);
    expect(nextIndex(0, 3, 6)).toBe(0);
    expect(previousIndex(0, 3, 6)).toBe(0);
  });

  it("knows which slides are in view", () => {
    expect([0, 1, 2, 3, 4, 5].filter((i) => isInView(i, 2, 2))).toEqual([2, 3]);
  });
});

describe("drag threshold", () => {
  const certificate = carousel.certificateDragThresholdPx;
  const about = carousel.aboutTeamDragThresholdPx;

  it("moves one step only beyond the certificate carousel's 50 px", () => {
    expect(dragStep(-(certificate + 1), certificate)).toBe(1);
    expect(dragStep(certificate + 1, certificate)).toBe(-1);
    expect(dragStep(-certificate, certificate)).toBe(0);
    expect(dragStep(certificate, certificate)).toBe(0);
    expect(dragStep(-30, certificate)).toBe(0);
  });

  it("on the About team carousel: more than 100 px right is previous, left is next, less springs back", () => {
    expect(dragStep(101, about)).toBe(-1);
    expect(dragStep(-101, about)).toBe(1);
    expect(dragStep(99, about)).toBe(0);
    expect(dragStep(-99, about)).toBe(0);
  });
});

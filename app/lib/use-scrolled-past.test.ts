import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useScrolledPast } from "./use-scrolled-past";

function scrollTo(y: number) {
  Object.defineProperty(window, "scrollY", { configurable: true, value: y });
  window.dispatchEvent(new Event("scroll"));
}

describe("useScrolledPast", () => {
  let frames: FrameRequestCallback[] = [];
  const nextFrame = () =>
    act(() => {
      const due = frames;
      frames = [];
      due.forEach((f) => f(performance.now()));
    });

  beforeEach(() => {
    frames = [];
    vi.spyOn(window, "requestAnimationFrame").mockImplementation((f) => frames.push(f));
    vi.spyOn(window, "cancelAnimationFrame").mockImplementation(() => {});
    Object.defineProperty(window, "scrollY", { configurable: true, value: 0 });
  });
  afterEach(() => vi.restoreAllMocks());

  it("is false at the top and follows the scroll position, read once per frame", () => {
    const { result } = renderHook(() => useScrolledPast(300));
    nextFrame();
    expect(result.current).toBe(false);

    scrollTo(200);
    scrollTo(301);
    expect(frames).toHaveLength(1); // two scroll events, one read
    nextFrame();
    expect(result.current).toBe(true);

    scrollTo(300);
    nextFrame();
    expect(result.current).toBe(false);
  });

  it("starts true on a page restored below the threshold", () => {
    Object.defineProperty(window, "scrollY", { configurable: true, value: 900 });
    const { result } = renderHook(() => useScrolledPast(300));
    expect(result.current).toBe(false); // the prerendered state, until the first frame
    nextFrame();
    expect(result.current).toBe(true);
  });

  it("stops listening when unmounted", () => {
    const { result, unmount } = renderHook(() => useScrolledPast(300));
    nextFrame();
    unmount();
    scrollTo(1000);
    expect(frames).toHaveLength(0);
    expect(result.current).toBe(false);
  });
});

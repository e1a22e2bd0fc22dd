import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useGrowOnView } from "./use-grow-on-view";

let report: (visible: boolean) => void;

class FakeIntersectionObserver {
  constructor(callback: IntersectionObserverCallback) {
    report = (visible) => callback([{ isIntersecting: visible } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
  observe() {}
  disconnect() {}
}

function stubReducedMotion(reduce: boolean) {
  vi.spyOn(window, "matchMedia").mockImplementation(
    (query: string) => ({ matches: reduce && query.includes("reduce"), addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList,
  );
}

beforeEach(() => vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver));
afterEach(() => vi.unstubAllGlobals());

const element = { current: document.createElement("ul") };

describe("useGrowOnView", () => {
  it("waits empty while off screen, then grows once when scrolled into view", () => {
    stubReducedMotion(false);
    const { result } = renderHook(() => useGrowOnView(element));
    expect(result.current).toBe("full");
    act(() => report(false));
    expect(result.current).toBe("waiting");
    act(() => report(true));
    expect(result.current).toBe("growing");
  });

  it("stays full when already on screen at load", () => {
    stubReducedMotion(false);
    const { result } = renderHook(() => useGrowOnView(element));
    act(() => report(true));
    expect(result.current).toBe("full");
  });

  it("never animates under prefers-reduced-motion", () => {
    stubReducedMotion(true);
    const { result } = renderHook(() => useGrowOnView(element));
    expect(result.current).toBe("full");
  });
});

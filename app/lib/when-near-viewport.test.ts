import { afterEach, describe, expect, it, vi } from "vitest";
import { whenNearViewport } from "./when-near-viewport";

type Callback = (entries: Array<{ isIntersecting: boolean }>) => void;

function fakeIntersectionObserver() {
  const observers: Array<{ callback: Callback; options: IntersectionObserverInit; observed: Element[]; disconnected: boolean }> = [];
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      record: (typeof observers)[number];
      constructor(callback: Callback, options: IntersectionObserverInit) {
        this.record = { callback, options, observed: [], disconnected: false };
        observers.push(this.record);
      }
      observe(element: Element) {
        this.record.observed.push(element);
      }
      disconnect() {
        this.record.disconnected = true;
      }
    },
  );
  return observers;
}

async function settled(promise: Promise<void>) {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

describe("whenNearViewport", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = "";
  });

  it("waits until the element comes within the margin, then stops observing", async () => {
    const observers = fakeIntersectionObserver();
    document.body.innerHTML = '<div id="below"></div>';
    const near = whenNearViewport("below");
    expect(observers[0]!.observed).toEqual([document.getElementById("below")]);
    expect(observers[0]!.options.rootMargin).toBe("100% 0px");

    observers[0]!.callback([{ isIntersecting: false }]);
    expect(await settled(near)).toBe(false);
    observers[0]!.callback([{ isIntersecting: true }]);
    expect(await settled(near)).toBe(true);
    expect(observers[0]!.disconnected).toBe(true);
  });

  it("resolves at once when the element is not in the page (a client-side navigation)", async () => {
    fakeIntersectionObserver();
    expect(await settled(whenNearViewport("missing"))).toBe(true);
  });
});

import { type ComponentType, lazy } from "react";

/**
 * Calls `onNear` once, when `element` comes within `margin` of the viewport. Returns the function
 * that stops watching, or null where there is no IntersectionObserver.
 */
export function observeNearViewport(element: Element, margin: string, onNear: () => void): (() => void) | null {
  if (typeof IntersectionObserver === "undefined") return null;
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      onNear();
    },
    { rootMargin: margin },
  );
  observer.observe(element);
  return () => observer.disconnect();
}

/**
 * Resolves once the element with this id comes within `margin` of the viewport; at once when there
 * is no such element (yet) or no IntersectionObserver.
 */
export function whenNearViewport(id: string, margin = "100% 0px"): Promise<void> {
  return new Promise((resolve) => {
    const element = document.getElementById(id);
    if (!element || !observeNearViewport(element, margin, resolve)) resolve();
  });
}

/**
 * A lazy component whose code is fetched once the element with this id (its own prerendered HTML)
 * comes within a screen of the viewport. Until then, inside a Suspense boundary, React keeps that
 * HTML as it is instead of hydrating it.
 */
export function lazyNearViewport<P extends object>(id: string, load: () => Promise<ComponentType<P>>) {
  return lazy(() =>
    whenNearViewport(id)
      .then(load)
      .then((component) => ({ default: component })),
  );
}

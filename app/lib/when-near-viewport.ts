/**
 * Resolves once the element with this id comes within `margin` of the viewport; at once when there
 * is no such element (yet) or no IntersectionObserver.
 */
export function whenNearViewport(id: string, margin = "100% 0px"): Promise<void> {
  return new Promise((resolve) => {
    const element = document.getElementById(id);
    if (!element || typeof IntersectionObserver === "undefined") return resolve();
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        resolve();
      },
      { rootMargin: margin },
    );
    observer.observe(element);
  });
}

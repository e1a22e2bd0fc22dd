import { useEffect, useState, type RefObject } from "react";
import { useReducedMotion } from "~/lib/use-reduced-motion";

/**
 * "full": drawn at full size (prerendered HTML, reduced motion, or already on screen at load);
 * "waiting": off screen, drawn empty; "growing": scrolled into view, animating to full size once.
 */
export type GrowState = "full" | "waiting" | "growing";

export function useGrowOnView(ref: RefObject<Element | null>): GrowState {
  const reducedMotion = useReducedMotion();
  const [state, setState] = useState<GrowState>("full");
  useEffect(() => {
    const element = ref.current;
    if (!element || reducedMotion || typeof IntersectionObserver === "undefined") return;
    let first = true;
    const observer = new IntersectionObserver((entries) => {
      const visible = entries.some((e) => e.isIntersecting);
      if (first) {
        first = false;
        if (visible) return observer.disconnect(); // already in view: nothing to animate
        return setState("waiting");
      }
      if (visible) {
        setState("growing");
        observer.disconnect();
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, reducedMotion]);
  return reducedMotion ? "full" : state;
}

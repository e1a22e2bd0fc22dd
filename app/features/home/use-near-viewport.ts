import { useEffect, useState, type RefObject } from "react";
import { observeNearViewport } from "~/lib/when-near-viewport";

/** Becomes true (and stays true) once the element comes within `margin` of the viewport. */
export function useNearViewport(ref: RefObject<Element | null>, margin = "400px"): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    return observeNearViewport(element, margin, () => setNear(true)) ?? undefined;
  }, [ref, margin, near]);
  return near;
}

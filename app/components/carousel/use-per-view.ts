import { useCallback, useSyncExternalStore } from "react";
import { mobileBreakpointPx } from "~/lib/contracts/constants";

/** Slides per view at each width; `md` from the mobile breakpoint (768 px), `lg` from 1024 px. */
export type PerView = { base: number; md?: number; lg?: number };

/** Tailwind's `lg` breakpoint, matched by the `lg:` classes in carousel.tsx. */
const lgBreakpointPx = 1024;
const mdQuery = `(min-width: ${mobileBreakpointPx}px)`;
const lgQuery = `(min-width: ${lgBreakpointPx}px)`;

function subscribe(onChange: () => void) {
  const lists = [window.matchMedia(mdQuery), window.matchMedia(lgQuery)];
  lists.forEach((l) => l.addEventListener("change", onChange));
  return () => lists.forEach((l) => l.removeEventListener("change", onChange));
}

export function perViewAt(perView: PerView, md: boolean, lg: boolean): number {
  const atMd = perView.md ?? perView.base;
  return lg ? (perView.lg ?? atMd) : md ? atMd : perView.base;
}

/** The number of slides the CSS shows at the current width (`base` in prerendered HTML). */
export function usePerView(perView: PerView): number {
  const { base, md, lg } = perView;
  const read = useCallback(() => perViewAt({ base, md, lg }, window.matchMedia(mdQuery).matches, window.matchMedia(lgQuery).matches), [base, md, lg]);
  return useSyncExternalStore(subscribe, read, () => base);
}

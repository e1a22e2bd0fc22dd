import { useCallback } from "react";

// What the prerendered link and the toggle share: one look, and a keyboard user's focus.

/** One look for the link and the toggle, so the swap after hydration changes nothing visible. */
export const addToQuoteStyles = {
  wrapper: { page: "flex flex-wrap items-center gap-x-4 gap-y-2", card: "mt-2" },
  control:
    "inline-flex items-center justify-center gap-2 rounded-md font-semibold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-500",
  sizes: { page: "px-5 py-2.5", card: "w-full px-3 py-2 text-sm" },
  idle: "bg-brand-700 text-white hover:bg-brand-800",
  pressed: "bg-white text-brand-800 ring-2 ring-brand-700 hover:bg-brand-50",
} as const;

// The control of a product whose element was focused when React replaced it.
let focusedControl: string | null = null;

/**
 * A ref for the control's element that hands focus on to the element replacing it. On a first
 * visit the control is replaced twice (the prerendered link, the link shown while the toggle's code
 * loads, the toggle); a keyboard user who had already reached it stays there. `key` names the
 * product (its request link): a page shows one control per product.
 */
export function useFocusKeptAcrossSwap(key: string) {
  return useCallback(
    (element: HTMLElement | null) => {
      if (!element) return;
      if (focusedControl === key) {
        focusedControl = null;
        element.focus();
      }
      // React calls this before it takes the element out of the page, while it still has focus.
      return () => {
        if (document.activeElement === element) focusedControl = key;
      };
    },
    [key],
  );
}

import { useState } from "react";
import { useLocation } from "react-router";
import { useHydrated } from "~/lib/use-hydrated";

/** Set by the header on its box: the path its markup was drawn for. */
export const shownPathAttribute = "data-shown-path";

/**
 * The path the header and menu are drawn for. The SPA fallback page, served for unknown gallery
 * items, is prerendered at "/", so its HTML shows the home page's bar and marks HOME as current.
 * React leaves a mismatched attribute as the HTML has it, so hydration draws what the HTML says, and
 * the next render switches to the real path: the same elements, with new classes and aria-current.
 */
export function useShownPathname(): string {
  const { pathname } = useLocation();
  const hydrated = useHydrated();
  const [prerendered] = useState(() => (typeof document === "undefined" ? null : document.querySelector(`[${shownPathAttribute}]`)?.getAttribute(shownPathAttribute)) ?? pathname);
  return hydrated ? pathname : prerendered;
}

import { startTransition, useEffect, useState } from "react";
import { useLocation } from "react-router";

/** Set by the header on its box: the path its markup was drawn for. */
export const shownPathAttribute = "data-shown-path";

/** The path the prerendered header was drawn for, when it is not `pathname`; else null. */
function stalePathFor(pathname: string): string | null {
  if (typeof document === "undefined") return null;
  const drawn = document.querySelector(`[${shownPathAttribute}]`)?.getAttribute(shownPathAttribute);
  return drawn && drawn !== pathname ? drawn : null;
}

/**
 * The path the header and menu are drawn for. The SPA fallback page, served for unknown gallery
 * items, is prerendered at "/", so its HTML shows the home page's bar and marks HOME as current.
 * React leaves a mismatched attribute as the HTML has it, so hydration draws what the HTML says, and
 * a render after it (a transition) switches to the real path: the same elements, with new classes
 * and aria-current. On every other page the HTML already shows the real path, and the header and
 * its forty-odd links hydrate once without a second render.
 */
export function useShownPathname(): string {
  const { pathname } = useLocation();
  const [stalePath, setStalePath] = useState(() => stalePathFor(pathname));
  useEffect(() => {
    if (stalePath !== null) startTransition(() => setStalePath(null));
  }, [stalePath]);
  return stalePath ?? pathname;
}

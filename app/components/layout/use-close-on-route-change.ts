import { type RefObject, useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * Closes a <details> menu when the route changes (the header stays mounted across client-side
 * navigation), but not on the first render: a menu the visitor opened before hydration stays open
 * when the page hydrates.
 */
export function useCloseOnRouteChange(details: RefObject<HTMLDetailsElement | null>) {
  const { pathname } = useLocation();
  const shownAt = useRef(pathname);
  useEffect(() => {
    if (shownAt.current === pathname) return;
    shownAt.current = pathname;
    details.current?.removeAttribute("open");
  }, [pathname, details]);
}

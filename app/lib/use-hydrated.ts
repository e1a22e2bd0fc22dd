import { startTransition, useEffect, useState, useSyncExternalStore } from "react";

const noSubscription = () => () => {};

// True once the page's first hydration has switched to the enhanced render: anything mounted after
// that (a client-side navigation) starts enhanced. Read through useSyncExternalStore so that
// prerendering and hydration always see false.
let enhancedOnce = false;
const getEnhancedOnce = () => enhancedOnce;
const getServerFalse = () => false;

/**
 * False in prerendered HTML and during hydration, true once the browser has taken over.
 *
 * The switch after hydration is a transition: React re-renders the enhanced parts (menu button,
 * accordion buttons, forms) in small interruptible slices after the page is interactive, instead of
 * the one synchronous pass a server/client snapshot mismatch in useSyncExternalStore would force.
 */
export function useHydrated(): boolean {
  const mountedEnhanced = useSyncExternalStore(noSubscription, getEnhancedOnce, getServerFalse);
  const [hydrated, setHydrated] = useState(mountedEnhanced);
  useEffect(() => {
    if (hydrated) enhancedOnce = true;
    else startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}

/** A value read in the browser (`client`) that falls back to `server` in prerendered HTML. */
export function useClientValue<T>(client: () => T, server: T): T {
  return useSyncExternalStore(noSubscription, client, () => server);
}

import { useState, useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/** False in prerendered HTML and during hydration, true once the browser has taken over. */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}

/** A value read in the browser (`client`) that falls back to `server` in prerendered HTML. */
export function useClientValue<T>(client: () => T, server: T): T {
  return useSyncExternalStore(noSubscription, client, () => server);
}

/** Open/closed state that closes by itself when the route changes (a menu after navigation). */
export function useOpenUntilNavigation(pathname: string) {
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === pathname;
  const setOpen = (next: boolean | ((was: boolean) => boolean)) =>
    setOpenAt((typeof next === "function" ? next(open) : next) ? pathname : null);
  return [open, setOpen] as const;
}

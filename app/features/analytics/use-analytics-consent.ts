import { useSyncExternalStore } from "react";
import { readConsent, subscribeConsent, writeConsent } from "./consent";

/**
 * The stored consent choice (client only: mounted after hydration) and a way to answer it,
 * remembered in localStorage. Every user of the hook sees every answer at once: the banner closes
 * when the privacy notice's buttons answer, and the analytics applies either.
 */
export function useAnalyticsConsent() {
  const choice = useSyncExternalStore(subscribeConsent, readConsent, () => null);
  return { choice, accept: () => writeConsent("granted"), decline: () => writeConsent("denied") };
}

/** The visitor's answer to the consent banner; no entry means they have not answered yet. */
export type ConsentChoice = "granted" | "denied";

export const consentStorageKey = "ssl.analytics-consent";

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // storage disabled (privacy settings): ask again on every visit
  }
}

/** The choice made on this page when storage refused it: it still holds until the page is left. */
let unstored: ConsentChoice | null = null;
/** Who shows the choice: the banner and the privacy notice's buttons answer the same question. */
const listeners = new Set<() => void>();

export function readConsent(): ConsentChoice | null {
  try {
    const value = storage()?.getItem(consentStorageKey);
    return value === "granted" || value === "denied" ? value : unstored;
  } catch {
    return unstored;
  }
}

export function writeConsent(choice: ConsentChoice): void {
  unstored = choice;
  try {
    storage()?.setItem(consentStorageKey, choice);
  } catch {
    // quota or privacy mode: the choice still holds for this page view
  }
  listeners.forEach((listener) => listener());
}

/** Calls `listener` after every writeConsent; returns the unsubscribe (useSyncExternalStore's shape). */
export function subscribeConsent(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

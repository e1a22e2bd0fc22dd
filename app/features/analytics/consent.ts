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

export function readConsent(): ConsentChoice | null {
  try {
    const value = storage()?.getItem(consentStorageKey);
    return value === "granted" || value === "denied" ? value : null;
  } catch {
    return null;
  }
}

export function writeConsent(choice: ConsentChoice): void {
  try {
    storage()?.setItem(consentStorageKey, choice);
  } catch {
    // quota or privacy mode: the choice still holds for this page view
  }
}

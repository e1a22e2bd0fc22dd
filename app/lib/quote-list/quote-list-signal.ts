import { useSyncExternalStore } from "react";

// Whether the browser holds a quote request list, without the list's code: the header asks this on
// every page and loads the count (and the store, ./quote-list.ts) only when there is a list, so no
// page's first load carries them (the JavaScript budget). The store tells this module of its writes,
// and its own subscribers hear of them here too: one way a change is announced.

/** Versioned: a later shape gets a new key, and an old list reads as empty instead of breaking. */
export const quoteListStorageKey = "ssl.quote-list.v1";
const changedEvent = "ssl:quote-list-changed";

// The store's list when local storage refuses writes (it keeps the list in memory for the page).
let listedInMemory = false;

/** The store, after each write: `listed` says whether the list has products (kept in memory too). */
export function signalQuoteListChanged(listed: boolean): void {
  listedInMemory = listed;
  window.dispatchEvent(new Event(changedEvent));
}

function hasQuoteList(): boolean {
  try {
    const raw = window.localStorage.getItem(quoteListStorageKey);
    if (raw !== null) return raw !== "[]";
  } catch {
    // storage disabled: the store's word for it
  }
  return listedInMemory;
}

/** Calls `onChange` after every change of the list: this tab's (the store's signal) and another tab's. */
export function subscribeToQuoteList(onChange: () => void): () => void {
  // Another tab's write arrives as a storage event (key null: storage cleared); this tab's as the store's signal.
  const onStorage = (event: StorageEvent) => (event.key === quoteListStorageKey || event.key === null) && onChange();
  window.addEventListener("storage", onStorage);
  window.addEventListener(changedEvent, onChange);
  return () => {
    window.removeEventListener("storage", onStorage);
    window.removeEventListener(changedEvent, onChange);
  };
}

/** False in prerendered HTML and during hydration; then whether a list is stored. */
export function useHasQuoteList(): boolean {
  return useSyncExternalStore(subscribeToQuoteList, hasQuoteList, () => false);
}

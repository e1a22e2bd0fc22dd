import { useSyncExternalStore } from "react";
import { quoteListStorageKey, signalQuoteListChanged, subscribeToQuoteList as subscribe } from "./quote-list-signal";

// The products a buyer has picked for one quotation request (decision 0046), kept in this browser's
// local storage so the list survives navigation, reloads and other tabs. No library: one key, a
// JSON array, and useSyncExternalStore so every reader (header count, add buttons, the /quote form)
// re-renders from the same snapshot.

/** One product of the gallery: its family and item slugs (`men`, `hoodie`). */
export type QuoteRef = { family: string; item: string };

/** The form's address and the link that opens it with one product (shared with the add control). */
export { quotePagePath, quoteRequestHref } from "../contracts/site-paths";

/** The key the list is stored under (versioned: ./quote-list-signal.ts). */
export { quoteListStorageKey };

// A slug as the gallery's page addresses spell them (lower case, digits, '-', '&'; app/content/studio/gallery.ts): a stored
// value or a URL parameter that is anything else is not a product reference and is dropped.
const slugPattern = /^[a-z0-9][a-z0-9&-]*$/;

/** Longest list kept: far above any real request, it bounds what a tampered store can make us render. */
export const quoteListMaxLength = 100;

// Shared by every empty snapshot; the store never mutates an array it has handed out.
const emptyList: QuoteRef[] = [];

export const quoteRefKey = (ref: QuoteRef) => `${ref.family}/${ref.item}`;

const sameRef = (a: QuoteRef, b: QuoteRef) => a.family === b.family && a.item === b.item;

function isSlug(value: unknown): value is string {
  return typeof value === "string" && slugPattern.test(value);
}

/** `family/item` (as in `/quote?item=men/hoodie`) → the reference, or null when it is not one. */
export function parseQuoteRef(value: string | null | undefined): QuoteRef | null {
  if (!value) return null;
  const parts = value.split("/");
  if (parts.length !== 2) return null;
  const [family, item] = parts;
  return isSlug(family) && isSlug(item) ? { family, item } : null;
}

/**
 * What a stored value means as a list. Anything unreadable (not JSON, not an array, entries that
 * are not product references) gives the valid part or an empty list, never an exception: the store
 * is written by older pages, other tabs and browser extensions alike.
 */
export function parseStoredQuoteList(raw: string | null): QuoteRef[] {
  if (!raw) return emptyList;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return emptyList;
  }
  if (!Array.isArray(value)) return emptyList;
  const list: QuoteRef[] = [];
  for (const entry of value as unknown[]) {
    if (typeof entry !== "object" || entry === null) continue;
    const { family, item } = entry as Record<string, unknown>;
    if (!isSlug(family) || !isSlug(item)) continue;
    const ref = { family, item };
    if (!list.some((known) => sameRef(known, ref))) list.push(ref);
    if (list.length === quoteListMaxLength) break;
  }
  return list.length ? list : emptyList;
}

// Where local storage is missing or refuses writes (disabled storage, a full quota), the list lives
// in memory for this page so the buttons still work until the next reload.
let memoryRaw: string | null = null;
let storageRefused = false;

function readRaw(): string | null {
  if (storageRefused) return memoryRaw;
  try {
    return window.localStorage.getItem(quoteListStorageKey);
  } catch {
    return memoryRaw;
  }
}

function writeRaw(raw: string | null) {
  memoryRaw = raw;
  try {
    if (raw === null) window.localStorage.removeItem(quoteListStorageKey);
    else window.localStorage.setItem(quoteListStorageKey, raw);
    storageRefused = false;
  } catch {
    storageRefused = true;
  }
}

// useSyncExternalStore needs the same array for the same stored value.
let snapshotRaw: string | null = null;
let snapshot: QuoteRef[] = emptyList;

function getSnapshot(): QuoteRef[] {
  const raw = readRaw();
  if (raw !== snapshotRaw) {
    snapshotRaw = raw;
    snapshot = parseStoredQuoteList(raw);
  }
  return snapshot;
}

const getServerSnapshot = () => emptyList;

function write(list: QuoteRef[]) {
  writeRaw(list.length ? JSON.stringify(list) : null);
  // Tells this tab's subscribers, the header's count among them (./quote-list-signal.ts).
  signalQuoteListChanged(list.length > 0);
}

/**
 * The products in the request, in the order they were added. Empty in prerendered HTML and during
 * hydration (the server has no list), then the stored list.
 */
export function useQuoteList(): QuoteRef[] {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}

/** The list as it is now, outside React (e.g. to build a form's initial state). */
export function readQuoteList(): QuoteRef[] {
  return getSnapshot();
}

/** Adds a product at the end; a product already in the list stays where it is. */
export function addToQuote(ref: QuoteRef): void {
  if (!isSlug(ref.family) || !isSlug(ref.item)) return;
  const list = getSnapshot();
  if (list.some((known) => sameRef(known, ref)) || list.length >= quoteListMaxLength) return;
  write([...list, { family: ref.family, item: ref.item }]);
}

export function removeFromQuote(ref: QuoteRef): void {
  const list = getSnapshot();
  if (!list.some((known) => sameRef(known, ref))) return;
  write(list.filter((known) => !sameRef(known, ref)));
}

/** Empties the list, e.g. once the request has been sent. */
export function clearQuoteList(): void {
  write(emptyList);
}

export function isInQuoteList(list: QuoteRef[], ref: QuoteRef): boolean {
  return list.some((known) => sameRef(known, ref));
}

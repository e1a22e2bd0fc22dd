import type { CatalogueItem } from "./catalogue-view";

// The catalogue's filter state (decision 0077), kept in the address so a filtered list can be shared and
// the back button steps through it: /gallery?q=organic+jersey&family=men&construction=jersey
// &material=organic-cotton&certificate=gots&moq=500. Pure, so it is tested without a browser.

export const filterNames = ["q", "family", "construction", "material", "certificate", "moq"] as const;
export type FilterName = (typeof filterNames)[number];
export type CatalogueFilter = Record<FilterName, string>;

export const noFilter: CatalogueFilter = { q: "", family: "", construction: "", material: "", certificate: "", moq: "" };

export function readFilter(params: URLSearchParams): CatalogueFilter {
  return Object.fromEntries(filterNames.map((name) => [name, (params.get(name) ?? "").slice(0, 200)])) as CatalogueFilter;
}

/** The address's query for a filter: only what is set, in a fixed order. */
export function filterSearch(filter: CatalogueFilter): string {
  const params = new URLSearchParams();
  for (const name of filterNames) if (filter[name].trim()) params.set(name, name === "q" ? filter[name] : filter[name].trim());
  const query = params.toString();
  return query ? `?${query}` : "";
}

export const isFiltering = (filter: CatalogueFilter) => filterNames.some((name) => filter[name].trim() !== "");

/** Lower-case words of a search, for the plain match used until the search library has loaded. */
const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** Every word of the search starts a word of the text (what the search library does, without its typo tolerance). */
export function plainTextMatch(text: string, query: string): boolean {
  const haystack = words(text);
  return words(query).every((w) => haystack.some((h) => h.startsWith(w)));
}

/**
 * Whether a product passes every filter set. `searchHits`: the products the search library found
 * for `filter.q` (their paths); without it (not loaded yet) the plain match decides.
 */
export function matchesFilter(item: CatalogueItem, family: string, filter: CatalogueFilter, searchHits?: ReadonlySet<string>): boolean {
  if (filter.family && family !== filter.family) return false;
  if (filter.construction && item.keys.construction !== filter.construction) return false;
  if (filter.material && !item.keys.materials.includes(filter.material)) return false;
  if (filter.certificate && !item.keys.certificates.includes(filter.certificate)) return false;
  if (filter.moq) {
    const limit = Number(filter.moq);
    if (Number.isFinite(limit) && item.keys.moq > limit) return false;
  }
  if (filter.q.trim()) return searchHits ? searchHits.has(item.path) : plainTextMatch(item.text, filter.q);
  return true;
}

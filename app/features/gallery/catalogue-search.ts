// The catalogue's text search (decision 0077): MiniSearch (≈ 6 kB gzip), imported the first time a buyer
// uses the search field or opens an address with a search, so /gallery's first load carries none of it.
export type CatalogueSearch = (query: string) => Set<string>;

export async function loadCatalogueSearch(documents: { path: string; text: string }[]): Promise<CatalogueSearch> {
  const { default: MiniSearch } = await import("minisearch");
  const index = new MiniSearch<{ path: string; text: string }>({ idField: "path", fields: ["text"] });
  index.addAll(documents);
  // Prefix ("jers" finds jersey) and a typo or two in longer words; every word must match.
  return (query) => new Set(index.search(query, { prefix: true, fuzzy: (term) => (term.length > 4 ? 0.2 : 0), combineWith: "AND" }).map((r) => String(r.id)));
}

import { useEffect, useMemo, useRef, useState } from "react";
import { useCatalogueWords } from "~/content/catalogue-words";
import { wholeNumber } from "~/lib/contracts/locale-format";
import { type CatalogueFilter, type FilterName, isFiltering, noFilter } from "./catalogue-filter-state";
import { type CatalogueSearch, loadCatalogueSearch } from "./catalogue-search";
import type { CatalogueView, Choice } from "./catalogue-view";

// The catalogue's search and filters (decision 0077): loaded once /gallery has hydrated, so the page's
// first load carries none of this; the search library itself loads on the search field's first use.

export { filterSearch, matchesFilter, readFilter } from "./catalogue-filter-state";

// The look of the site's form fields (components/form-field), without its chunk: /quote shares that one.
const labelClass = "block font-semibold text-ink-900";
const controlClass =
  "mt-1 block w-full rounded-md border border-ink-700 bg-white px-3 py-2 text-ink-900 shadow-sm focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand-500";

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));

export type CatalogueFiltersProps = {
  filter: CatalogueFilter;
  choices: CatalogueView["choices"];
  /** Every product's address and text, for the search. */
  documents: { path: string; text: string }[];
  onChange: (next: CatalogueFilter, replace?: boolean) => void;
  /** The products the search library found for the search (their addresses); undefined: no search, or not loaded yet. */
  onHits: (hits: ReadonlySet<string> | undefined) => void;
  shown: number;
  total: number;
};

/** The search and filter controls, with the count of what is shown. */
export function CatalogueFilters({ filter, choices, documents, onChange, onHits, shown, total }: CatalogueFiltersProps) {
  // The filters' words in the page's language, or English marked as such (decision 0167); the
  // choices' names (families, constructions, materials, certificates) each with its own `lang` (decision 0174).
  const { words, lang, code } = useCatalogueWords();
  const l = words.filter;
  const formatNumber = (n: number) => wholeNumber(n, code);
  const [search, setSearch] = useState<CatalogueSearch | null>(null);
  const loading = useRef(false);
  const onSearchUsed = () => {
    if (search || loading.current) return;
    loading.current = true;
    loadCatalogueSearch(documents).then(
      (found) => setSearch(() => found),
      () => {
        loading.current = false; // offline: the plain match goes on; the next keystroke tries again
      },
    );
  };
  useEffect(() => {
    if (filter.q) onSearchUsed();
  });
  const hits = useMemo(() => (search && filter.q.trim() ? search(filter.q) : undefined), [search, filter.q]);
  useEffect(() => onHits(hits), [hits, onHits]);

  // What is typed shows at once; the address follows (Back and a shared link give the same list).
  const [typed, setTyped] = useState(filter.q);
  const [lastQ, setLastQ] = useState(filter.q);
  if (filter.q !== lastQ) {
    setLastQ(filter.q);
    setTyped(filter.q);
  }
  const select = (name: Exclude<FilterName, "q">, label: string, options: Choice[]) =>
    options.length > 0 && (
      <div>
        <label htmlFor={`catalogue-${name}`} lang={lang} className={labelClass}>
          {label}
        </label>
        <select
          id={`catalogue-${name}`}
          name={name}
          value={filter[name]}
          onChange={(e) => onChange({ ...filter, [name]: e.target.value })}
          className={controlClass}
        >
          <option value="" lang={lang}>
            {l.any}
          </option>
          {options.map((o) => (
            // A minimum order's choice is worded here, in the page's words: "Bis 500 Stück pro Farbe".
            <option key={o.value} value={o.value} lang={name === "moq" ? lang : o.lang}>
              {name === "moq" ? fill(l.moqUpTo, { pieces: formatNumber(Number(o.value)) }) : o.label}
            </option>
          ))}
        </select>
      </div>
    );
  return (
    <form role="search" aria-labelledby="catalogue-filter-heading" onSubmit={(e) => e.preventDefault()} className="rounded-lg bg-brand-50 p-5">
      <h2 id="catalogue-filter-heading" lang={lang} className="text-xl font-bold text-brand-800">
        {l.heading}
      </h2>
      <div className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <div className="sm:col-span-2 lg:col-span-3">
          <label htmlFor="catalogue-q" lang={lang} className={labelClass}>
            {l.search}
          </label>
          <p id="catalogue-q-hint" lang={lang} className="text-sm text-ink-700">
            {l.searchHint}
          </p>
          <input
            id="catalogue-q"
            aria-describedby="catalogue-q-hint"
            name="q"
            type="search"
            autoComplete="off"
            maxLength={200}
            value={typed}
            onFocus={onSearchUsed}
            onChange={(e) => {
              onSearchUsed();
              setTyped(e.target.value);
              setLastQ(e.target.value);
              // The first letter is a step Back can undo; the rest of the word replaces it.
              onChange({ ...filter, q: e.target.value }, filter.q !== "");
            }}
            className={controlClass}
          />
        </div>
        {select("family", l.family, choices.family)}
        {select("construction", l.construction, choices.construction)}
        {select("material", l.material, choices.material)}
        {select("certificate", l.certificate, choices.certificate)}
        {select("moq", l.moq, choices.moq)}
      </div>
      <div className="mt-4 flex min-h-11 flex-wrap items-center gap-x-6 gap-y-2">
        <p role="status" lang={lang} className="font-semibold text-ink-900">
          {fill(l.results, { count: formatNumber(shown), total: formatNumber(total) })}
          {shown === 0 && <span className="mt-1 block font-normal text-ink-800">{l.noResults}</span>}
        </p>
        {isFiltering(filter) && (
          <button
            type="button"
            onClick={() => onChange(noFilter)}
            lang={lang}
            className="min-h-11 font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
          >
            {l.clear}
          </button>
        )}
      </div>
    </form>
  );
}

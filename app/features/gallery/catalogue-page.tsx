import { useCallback, useEffect, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { TextParts } from "~/components/text-parts/text-parts";
import { galleryFamilyPath } from "~/lib/contracts/site-paths";
import type { CatalogueView } from "./catalogue-view";
import type { LineSheetLink } from "./gallery-family-view";
import { GalleryItemCards } from "./gallery-item-cards";
import { useLocalizedPath } from "~/lib/locale";

export type CatalogueProps = {
  view: CatalogueView;
  /** "Download the whole catalogue (PDF, 4.2 MB)" and each family's line sheet, when the build made them. */
  lineSheets?: { catalogue?: LineSheetLink; families: Record<string, LineSheetLink> };
};

/** Covers above the fold: the first four of the page load at once. */
const eagerCovers = 4;

type Filters = typeof import("./catalogue-filters");
const loadFilters = () => import("./catalogue-filters");

/**
 * /gallery, the catalogue (decision 0077). Prerendered, and without JavaScript: every product grouped by
 * family, each card with its photo, construction, composition and certificates. Once hydrated, the
 * search and filters (family, construction, material or cotton, certificate, minimum order) load
 * and narrow the same list at once, with the count of what is shown; their state is the address's
 * query, so a filtered list can be shared and Back undoes a filter.
 */
export function Catalogue({ view, lineSheets }: CatalogueProps) {
  // Links in the page's language (decision 0167).
  const localize = useLocalizedPath();
  const location = useLocation();
  const navigate = useNavigate();
  // Not part of the first load: the controls come once the page is up (none is shown before it works).
  const [filters, setFilters] = useState<Filters | null>(null);
  useEffect(() => {
    loadFilters().then(setFilters, () => undefined);
  }, []);
  const [hits, setHits] = useState<ReadonlySet<string> | undefined>();
  const onHits = useCallback((next: ReadonlySet<string> | undefined) => setHits(next), []);

  const filter = filters?.readFilter(new URLSearchParams(location.search));
  const families = filter
    ? view.families
        .map((family) => ({ ...family, items: family.items.filter((item) => filters!.matchesFilter(item, family.slug, filter, hits)) }))
        .filter((family) => family.items.length > 0)
    : view.families;
  const total = view.families.reduce((n, f) => n + f.items.length, 0);
  const shown = families.reduce((n, f) => n + f.items.length, 0);

  // Items before each family on the page: the first four covers of the page load at once.
  const before = families.map((_, i) => families.slice(0, i).reduce((n, f) => n + f.items.length, 0));
  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      {lineSheets?.catalogue && (
        <p className="mb-6" lang={lineSheets.catalogue.lang}>
          <a href={lineSheets.catalogue.href} download className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
            <TextParts parts={lineSheets.catalogue.label} />
          </a>
        </p>
      )}
      {filters && filter && (
        <filters.CatalogueFilters
          filter={filter}
          choices={view.choices}
          documents={view.families.flatMap((f) => f.items.map((i) => ({ path: i.path, text: i.text })))}
          onChange={(next, replace = false) => navigate({ search: filters.filterSearch(next) }, { replace, preventScrollReset: true })}
          onHits={onHits}
          shown={shown}
          total={total}
        />
      )}
      <div className="mt-8 space-y-14">
        {families.map((family, i) => (
          <section key={family.slug} aria-labelledby={`family-${family.slug}`}>
            <h2 id={`family-${family.slug}`} lang={family.lang} className="text-2xl font-bold text-brand-800">
              <Link
                to={localize(galleryFamilyPath(family.slug))}
                className="rounded hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-500"
              >
                {family.label}
              </Link>
            </h2>
            {lineSheets?.families[family.slug] && (
              <p className="mt-2" lang={lineSheets.families[family.slug]!.lang}>
                <a href={lineSheets.families[family.slug]!.href} download className="text-brand-700 underline underline-offset-2 hover:text-brand-900">
                  <TextParts parts={lineSheets.families[family.slug]!.label} />
                </a>
              </p>
            )}
            <GalleryItemCards family={family} eager={Math.max(0, eagerCovers - before[i]!)} />
          </section>
        ))}
      </div>
    </div>
  );
}

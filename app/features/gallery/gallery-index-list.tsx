import { Link } from "react-router";
import { galleryFamilyPath } from "../../lib/contracts/site-paths";
import { GalleryItemCards } from "./gallery-item-cards";
import type { GalleryIndexFamily } from "./gallery-index-view";

export type GalleryIndexListProps = { families: GalleryIndexFamily[] };

/** Covers above the fold on the index: the first four of the page load at once. */
const eagerCovers = 4;

/** Every family, its heading linking to the family's page, with a card per item. */
export function GalleryIndexList({ families }: GalleryIndexListProps) {
  // Items before each family on the page: the first four covers of the page load at once.
  const before = families.map((_, i) => families.slice(0, i).reduce((n, f) => n + f.items.length, 0));
  return (
    <div className="mx-auto max-w-7xl space-y-14 px-4 py-12">
      {families.map((family, i) => {
        const eager = Math.max(0, eagerCovers - before[i]!);
        return (
          <section key={family.slug} aria-labelledby={`family-${family.slug}`}>
            <h2 id={`family-${family.slug}`} className="text-2xl font-bold text-brand-800">
              <Link
                to={galleryFamilyPath(family.slug)}
                className="rounded hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-500"
              >
                {family.label}
              </Link>
            </h2>
            <GalleryItemCards family={family} eager={eager} />
          </section>
        );
      })}
    </div>
  );
}

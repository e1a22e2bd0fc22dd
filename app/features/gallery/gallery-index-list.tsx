import { Link } from "react-router";
import { GalleryPicture } from "./gallery-picture";
import type { GalleryIndexFamily } from "./gallery-index-view";

export type GalleryIndexListProps = { families: GalleryIndexFamily[] };

const coverSizes = "(min-width: 1024px) 200px, (min-width: 640px) 30vw, 45vw";

/** The six families, each with a card per item: cover image and label, linking to its page. */
export function GalleryIndexList({ families }: GalleryIndexListProps) {
  let position = 0;
  return (
    <div className="mx-auto max-w-7xl space-y-14 px-4 py-12">
      {families.map((family) => (
        <section key={family.slug} aria-labelledby={`family-${family.slug}`}>
          <h2 id={`family-${family.slug}`} className="text-2xl font-bold text-brand-800">
            {family.label}
          </h2>
          <ul className="mt-5 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
            {family.items.map((item) => {
              const eager = position++ < 4;
              return (
                <li key={item.path}>
                  <Link
                    to={item.path}
                    className="group block overflow-hidden rounded-lg bg-white shadow ring-1 ring-ink-200 focus-visible:outline-3 focus-visible:outline-accent-500"
                  >
                    {item.cover && (
                      <GalleryPicture
                        picture={item.cover}
                        alt=""
                        sizes={coverSizes}
                        lazy={!eager}
                        className="aspect-[4/5] h-auto w-full object-cover transition-transform group-hover:scale-105"
                      />
                    )}
                    <span className="block px-3 py-2 text-center font-semibold text-brand-800 group-hover:underline">
                      {family.label} {item.label}
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}

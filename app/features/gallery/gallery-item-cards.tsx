import { Link } from "react-router";
import { AddToQuote } from "~/components/add-to-quote/add-to-quote";
import { TextParts } from "~/components/text-parts/text-parts";
import { GalleryPicture } from "./gallery-picture";
import type { CardFacts, GalleryIndexFamily } from "./gallery-index-view";
import { nameParts } from "./gallery-item-view";
import { useLocalizedPath } from "~/lib/locale";

export type GalleryItemCardsProps = {
  family: GalleryIndexFamily;
  /** How many covers load at once (above the fold); the rest load lazily. */
  eager: number;
};

const coverSizes = "(min-width: 1024px) 200px, (min-width: 640px) 30vw, 45vw";

/** Construction, composition and certificates under a card (outside its link, which is named by the product): only what the product states. */
function CardFactLines({ facts }: { facts: CardFacts }) {
  // Each line's words in their language (decision 0171), the certificates' names each in its record's (decision 0174).
  if (!facts.length) return null;
  return (
    <p className="mt-2 px-1 text-center text-sm text-ink-700">
      {facts.map((line) => (
        <span key={line[0]!.text} className="block">
          <TextParts parts={line} />
        </span>
      ))}
    </p>
  );
}

/**
 * A family's items as cards: cover (the item's first photo) and name, linking to the item page, and
 * under each card, beside its link (a control inside a link is invalid), "Add to quote request".
 */
export function GalleryItemCards({ family, eager }: GalleryItemCardsProps) {
  // Links in the page's language (decision 0167).
  const localize = useLocalizedPath();
  return (
    <ul className="mt-5 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
      {family.items.map((item, i) => {
        const name = nameParts(family, item);
        return (
          <li key={item.path}>
            <Link
              to={localize(item.path)}
              className="group block overflow-hidden rounded-lg bg-white shadow ring-1 ring-ink-200 focus-visible:outline-3 focus-visible:outline-accent-500"
            >
              {item.cover && (
                <GalleryPicture
                  picture={item.cover}
                  alt=""
                  sizes={coverSizes}
                  lazy={i >= eager}
                  className="aspect-[4/5] h-auto w-full object-cover transition-transform group-hover:scale-105"
                />
              )}
              {/* The family's and the product's names each in its language (decision 0171), as the control names them. */}
              <span className="block px-3 py-2 text-center font-semibold text-brand-800 group-hover:underline">
                <TextParts parts={name} />
              </span>
            </Link>
            {item.facts && <CardFactLines facts={item.facts} />}
            <AddToQuote product={{ family: family.slug, item: item.slug }} name={name} variant="card" />
          </li>
        );
      })}
    </ul>
  );
}

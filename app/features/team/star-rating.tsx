import { useMessages, useTranslatedLang } from "~/content/messages";

export type StarRatingProps = { rating: number; outOf?: number };

/** Stars drawn for the eye, "Rated N out of 5" for everyone else. */
export function StarRating({ rating, outOf = 5 }: StarRatingProps) {
  const words = useMessages().teamCard;
  return (
    <span
      role="img"
      lang={useTranslatedLang()}
      aria-label={words.rating.replace("{rating}", String(rating)).replace("{outOf}", String(outOf))}
      className="inline-flex gap-0.5"
    >
      {Array.from({ length: outOf }, (_, i) => (
        <svg key={i} viewBox="0 0 20 20" className={`h-5 w-5 ${i < rating ? "text-accent-700" : "text-ink-200"}`} aria-hidden="true">
          <path fill="currentColor" d="M10 1.5l2.6 5.6 6.1.7-4.5 4.2 1.2 6-5.4-3-5.4 3 1.2-6L1.3 7.8l6.1-.7z" />
        </svg>
      ))}
    </span>
  );
}

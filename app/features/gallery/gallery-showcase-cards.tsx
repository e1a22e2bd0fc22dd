import { ClickToPlayVideo } from "~/components/video/click-to-play-video";
import type { GalleryShowcase } from "~/content/gallery-showcases";
import { useMessages } from "~/content/messages";
import type { PictureSources } from "~/lib/photos/picture-sources";
import type { TextPart } from "~/lib/text-parts";
import { GalleryPicture } from "./gallery-picture";
import { galleryVideo } from "./gallery-video";

/** `heading`: the page's, with its words' `lang`, named in the video's words (decision 0183). */
export type GalleryShowcaseViewProps = { showcase: GalleryShowcase; pictures: PictureSources[]; heading: readonly TextPart[] };

const cardSizes = "(min-width: 1280px) 405px, (min-width: 768px) 31vw, 46vw";

/**
 * A static gallery page body: its video, then three cards in 2 (small) or 3 (medium up) columns,
 * each card's title in its own language (decision 0174).
 */
export function GalleryShowcaseView({ showcase, pictures, heading }: GalleryShowcaseViewProps) {
  const words = useMessages();
  return (
    <div className="mx-auto max-w-7xl space-y-10 px-4 py-12">
      <ClickToPlayVideo {...galleryVideo(showcase.video, heading, words)} />
      <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 md:gap-6">
        {showcase.cards.map((card, i) => (
          <li key={card.image}>
            <article className="overflow-hidden rounded-lg bg-white shadow ring-1 ring-ink-200">
              {pictures[i] && <GalleryPicture picture={pictures[i]} alt="" sizes={cardSizes} className="aspect-[4/5] h-auto w-full object-cover" />}
              <h2 lang={card.lang ?? undefined} className="px-3 py-3 text-center font-semibold text-ink-800">
                {card.title}
              </h2>
            </article>
          </li>
        ))}
      </ul>
    </div>
  );
}

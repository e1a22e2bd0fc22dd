import { ClickToPlayVideo } from "~/components/video/click-to-play-video";
import { useMessages } from "~/content/messages";
import { type TextPart, fillParts } from "~/lib/text-parts";
import { videoPoster } from "./video-poster";

export type GalleryVideoProps = {
  src: string;
  /** The page heading ("Men - T-Shirt"), named in the video's description: its names each with its `lang` (decision 0183). */
  heading: readonly TextPart[];
};

/**
 * A product video from the gallery data: its poster, played when asked (nothing moves by itself).
 * The sample videos are silent slideshows: their text alternative says so, with the page heading.
 */
export function GalleryVideo({ src, heading }: GalleryVideoProps) {
  const words = useMessages();
  return (
    <ClickToPlayVideo
      label={fillParts(words.galleryVideo.description, { heading }, words.lang)}
      sources={[{ src, type: "video/mp4" }]}
      poster={videoPoster(src)}
      width={640}
      height={360}
      className="mx-auto max-w-4xl shadow"
    />
  );
}

import { ClickToPlayVideo } from "~/components/video/click-to-play-video";
import { useMessages } from "~/content/messages";
import { videoPoster } from "./video-poster";

export type GalleryVideoProps = {
  src: string;
  /** The page heading ("Men - T-Shirt"), named in the video's description. */
  heading: string;
};

/**
 * A product video from the gallery data: its poster, played when asked (nothing moves by itself).
 * The sample videos are silent slideshows: their text alternative says so, with the page heading.
 */
export function GalleryVideo({ src, heading }: GalleryVideoProps) {
  return (
    <ClickToPlayVideo
      label={useMessages().galleryVideo.description.replace("{heading}", heading)}
      sources={[{ src, type: "video/mp4" }]}
      poster={videoPoster(src)}
      width={640}
      height={360}
      className="mx-auto max-w-4xl shadow"
    />
  );
}

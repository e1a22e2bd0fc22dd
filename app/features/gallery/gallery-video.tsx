import { ClickToPlayVideo } from "~/components/video/click-to-play-video";
import { videoPoster } from "./video-poster";

export type GalleryVideoProps = { src: string; title: string };

/**
 * A product video from the gallery data: its poster, played when asked (nothing moves by itself).
 * The sample videos are silent slideshows: `title` is their text alternative.
 */
export function GalleryVideo({ src, title }: GalleryVideoProps) {
  return (
    <ClickToPlayVideo
      label={title}
      sources={[{ src, type: "video/mp4" }]}
      poster={videoPoster(src)}
      width={640}
      height={360}
      className="mx-auto max-w-4xl shadow"
    />
  );
}

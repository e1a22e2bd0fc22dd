import { TextParts } from "~/components/text-parts/text-parts";
import type { ClickToPlayVideoProps } from "~/components/video/click-to-play-video";
import type { Messages } from "~/content/messages";
import { type TextPart, fillParts } from "~/lib/text-parts";
import { videoPoster } from "./video-poster";

/**
 * A product video from the gallery data, as `ClickToPlayVideo`'s props: its poster, played when asked
 * (nothing moves by itself). The sample videos are silent slideshows: their text alternative says so,
 * with the page heading ("Men - T-Shirt"), its names each with its `lang` (decision 0183).
 * Props, not a component: the pages that show a video (the product and showcase pages) render the
 * player, so this gallery module does not import it and a family page never loads it (decision 0190).
 */
export function galleryVideo(src: string, heading: readonly TextPart[], words: Messages): ClickToPlayVideoProps {
  const label = fillParts(words.galleryVideo.description, { heading }, words.lang);
  return {
    label: (template) => <TextParts parts={fillParts(template, { label }, words.lang)} />,
    sources: [{ src, type: "video/mp4" }],
    poster: videoPoster(src),
    width: 640,
    height: 360,
    className: "mx-auto max-w-4xl shadow",
  };
}

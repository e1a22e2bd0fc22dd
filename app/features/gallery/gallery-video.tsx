import { videoPoster } from "./gallery-image-sources";

export type GalleryVideoProps = { src: string; title: string };

/**
 * A product video that plays only when asked (controls, nothing moves by itself), with its poster.
 * The sample videos are silent slideshows: `title` is their text alternative.
 */
export function GalleryVideo({ src, title }: GalleryVideoProps) {
  return (
    // Silent footage: there is no speech or sound to caption; the aria-label describes what it shows.
    // eslint-disable-next-line jsx-a11y/media-has-caption
    <video
      controls
      playsInline
      preload="none"
      poster={videoPoster(src)}
      width={640}
      height={360}
      aria-label={title}
      className="mx-auto aspect-video w-full max-w-4xl rounded-lg bg-ink-900 shadow"
    >
      <source src={src} type="video/mp4" />
      Your browser does not support the video tag.
    </video>
  );
}

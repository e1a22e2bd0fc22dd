import type { PictureSources } from "~/lib/photos/picture-sources";

export type GalleryPictureProps = {
  picture: PictureSources;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn at each breakpoint. */
  sizes: string;
  lazy?: boolean;
  className?: string;
};

/** AVIF, then WebP, made by the build's photo pipeline; real width and height so nothing shifts. */
export function GalleryPicture({ picture, alt, sizes, lazy = true, className }: GalleryPictureProps) {
  return (
    <picture>
      {picture.avifSrcSet && <source type="image/avif" srcSet={picture.avifSrcSet} sizes={sizes} />}
      {picture.webpSrcSet && <source type="image/webp" srcSet={picture.webpSrcSet} sizes={sizes} />}
      <img src={picture.src} alt={alt} width={picture.width} height={picture.height} loading={lazy ? "lazy" : "eager"} decoding="async" className={className} />
    </picture>
  );
}

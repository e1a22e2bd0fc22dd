import { galleryImageSize, galleryImageSources } from "./gallery-image-sources";

export type GalleryPictureProps = {
  src: string;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn at each breakpoint. */
  sizes: string;
  lazy?: boolean;
  className?: string;
};

/** AVIF, then WebP, with explicit width and height so nothing shifts while it loads. */
export function GalleryPicture({ src, alt, sizes, lazy = true, className }: GalleryPictureProps) {
  const sources = galleryImageSources(src);
  return (
    <picture>
      {sources.avifSrcSet && <source type="image/avif" srcSet={sources.avifSrcSet} sizes={sizes} />}
      {sources.webpSrcSet && <source type="image/webp" srcSet={sources.webpSrcSet} sizes={sizes} />}
      <img
        src={sources.src}
        alt={alt}
        width={galleryImageSize.width}
        height={galleryImageSize.height}
        loading={lazy ? "lazy" : "eager"}
        decoding="async"
        className={className}
      />
    </picture>
  );
}

// Responsive sources of a gallery image. Local images made by scripts/gallery/generate-images.mjs
// come in AVIF and WebP at 480 and 960 px wide (4:5); any other URL (a CDN) is used as given.

export const galleryImageSize = { width: 960, height: 1200 } as const;

export type GalleryImageSources = {
  src: string;
  avifSrcSet?: string;
  webpSrcSet?: string;
};

const generated = /^\/images\/gallery\/[\w\-/]+\.webp$/;

export function galleryImageSources(src: string): GalleryImageSources {
  if (!generated.test(src)) return { src };
  const base = src.slice(0, -".webp".length);
  return {
    src,
    avifSrcSet: `${base}-480w.avif 480w, ${base}.avif 960w`,
    webpSrcSet: `${base}-480w.webp 480w, ${base}.webp 960w`,
  };
}

/** Poster of a local video: same name, .webp (made by scripts/gallery/make-videos.sh). */
export function videoPoster(video: string): string | undefined {
  return video.startsWith("/") ? video.replace(/\.mp4$/, ".webp") : undefined;
}

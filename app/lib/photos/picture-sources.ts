// What a page needs to draw one responsive picture; made at build time by photo-pipeline.server.ts
// and carried in loader data and /data.json, so the browser never computes it.

export type PictureSources = {
  /** The largest WebP variant: the <img> fallback and the URL /data.json lists (its `images`). */
  src: string;
  /** Real size of `src`, for the width and height attributes. */
  width: number;
  height: number;
  /** "url 360w, url 480w, url 640w, url 960w"; absent for a picture given as an outside URL. */
  avifSrcSet?: string;
  webpSrcSet?: string;
};

/** An outside (https) image is shown as given, without variants; width and height are the usual 4:5. */
export function externalPicture(src: string): PictureSources {
  return { src, width: 960, height: 1200 };
}

/** Poster of a local video: same name, .webp (made by scripts/generate/gallery/make-videos.mjs). */
export function videoPoster(video: string): string | undefined {
  return video.startsWith("/") ? video.replace(/\.mp4$/, ".webp") : undefined;
}

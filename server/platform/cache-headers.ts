/**
 * Cache policy by file: hashed build assets and photo variants (their name carries the photo's content
 * hash, app/lib/photos) forever, HTML always revalidated, the rest for an hour.
 */
export function cacheControlFor(filePath: string): string {
  if (/[\\/]assets[\\/][^\\/]+-[\w-]{8,}\.\w+(\.(br|gz|zst))?$/.test(filePath)) {
    return "public, max-age=31536000, immutable";
  }
  if (/[\\/]media[\\/].+-[0-9a-f]{10}-\d+w\.(avif|webp)$/.test(filePath)) return "public, max-age=31536000, immutable";
  if (/\.html(\.(br|gz|zst))?$/.test(filePath)) return "no-cache";
  return "public, max-age=3600";
}

// Path builders shared by the content reader, the pages, the prerender list and the sitemap, so a
// gallery or job address is spelled in one place.

/** Site path of a gallery family page. */
export function galleryFamilyPath(family: string): string {
  return `/gallery/${family}`;
}

/** Site path of a gallery item; '&' stays raw, as browsers leave it in paths. */
export function galleryItemPath(family: string, item: string): string {
  return `/gallery/${family}/${item}`;
}

/** A job opening's page and its application form. */
export const jobPath = (slug: string) => `/career/${slug}`;
export const jobApplyPath = (slug: string) => `${jobPath(slug)}/apply`;
export const isJobApplyPath = (path: string) => /^\/career\/[^/]+\/apply$/.test(path);

/** The origin without a trailing slash: SITE_URL when set, else the fallback (Company facts' website). */
export function originOf(fromEnv: string | undefined, fallback: string): string {
  const base = fromEnv?.trim() || fallback;
  return base.replace(/\/+$/, "");
}

/** Absolute URL of a site path. '&' in gallery paths stays raw: it is valid in a URL path. */
export function absoluteUrl(path: string, base: string): string {
  return new URL(path, `${base}/`).href;
}

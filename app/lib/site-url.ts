import { site } from "../content/site";

/**
 * The site's public origin, without a trailing slash. Set `SITE_URL` at build time (vite.config.ts
 * exposes it); otherwise the sample `site.url` from app/content/site.ts.
 */
export function siteUrl(fromEnv: string | undefined = import.meta.env?.SITE_URL): string {
  const base = fromEnv?.trim() || site.url;
  return base.replace(/\/+$/, "");
}

/** Absolute URL of a site path. '&' in gallery paths stays raw: it is valid in a URL path. */
export function absoluteUrl(path: string, base = siteUrl()): string {
  return new URL(path, `${base}/`).href;
}

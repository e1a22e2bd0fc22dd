import { site } from "../content/site";
import { absoluteUrl as absoluteUrlFrom, originOf } from "./absolute-url";

/**
 * The site's public origin, without a trailing slash. Set `SITE_URL` at build time (vite.config.ts
 * exposes it); otherwise the sample website address of content/site.yaml.
 */
export function siteUrl(fromEnv: string | undefined = import.meta.env?.SITE_URL): string {
  return originOf(fromEnv, site.url);
}

/** Absolute URL of a site path. '&' in gallery paths stays raw: it is valid in a URL path. */
export function absoluteUrl(path: string, base = siteUrl()): string {
  return absoluteUrlFrom(path, base);
}

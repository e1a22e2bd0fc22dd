import { formResultPagePaths } from "./contracts/form-results";
import { quotePaths, quoteResultPagePaths } from "./contracts/quote";
import { isJobApplyPath } from "./contracts/site-paths";
import { absoluteUrl } from "./absolute-url";
import { escapeHtml } from "./contracts/escape-html";

// Build-time files for crawlers, written into build/client by the sitemap build step (scripts/build/steps/sitemap.mjs).

/** Paths that exist as files but are not pages to index (the Oops page, the forms and their result pages). */
const notIndexed = new Set(["/404", ...formResultPagePaths(), quotePaths.form, ...quoteResultPagePaths()]);

/** False for prerendered paths that are not pages to index (they carry robots noindex). */
export const isIndexedPath = (path: string) => !notIndexed.has(path) && !isJobApplyPath(path);

// XML's escaping of text is HTML's: the one escaper.
export const escapeXml = escapeHtml;

/** sitemap.xml: one <url> per prerendered page (gallery '&' paths XML-escaped, not percent-encoded). */
export function sitemapXml(paths: string[], base: string): string {
  const urls = [...new Set(paths)]
    .filter(isIndexedPath)
    .sort()
    .map((path) => `  <url><loc>${escapeXml(absoluteUrl(path, base))}</loc></url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, "</urlset>", ""].join("\n");
}

/** robots.txt: public/robots.txt as written, plus the absolute sitemap address for this build. */
export function robotsTxt(template: string, base: string): string {
  const rules = template.replace(/^Sitemap:.*$/gim, "").trimEnd();
  return `${rules}\n\nSitemap: ${absoluteUrl("/sitemap.xml", base)}\n`;
}

import { formResultPagePaths } from "./contracts/form-results";
import { quotePaths, quoteResultPagePaths } from "./contracts/quote";
import { isJobApplyPath } from "./contracts/site-paths";
import { absoluteUrl } from "./absolute-url";
import { localizedPath, pathWithoutLocale, type Locale } from "./contracts/locale-paths";
import { escapeHtml } from "./contracts/escape-html";

// Build-time files for crawlers, written into build/client by the sitemap build step (scripts/build/steps/sitemap.mjs).

/** Paths that exist as files but are not pages to index (the Oops page, the forms and their result pages). */
const notIndexed = new Set(["/404", ...formResultPagePaths(), quotePaths.form, ...quoteResultPagePaths()]);

/** False for prerendered paths that are not pages to index (they carry robots noindex), in any of `locales`. */
export function isIndexedPath(path: string, locales: readonly Pick<Locale, "code">[] = []): boolean {
  const page = locales.length ? pathWithoutLocale(path, locales) : path;
  return !notIndexed.has(page) && !isJobApplyPath(page);
}

// XML's escaping of text is HTML's: the one escaper.
export const escapeXml = escapeHtml;

/**
 * sitemap.xml: one <url> per prerendered page in each language (gallery '&' paths XML-escaped, not
 * percent-encoded). `paths` are the default language's; with more than one language, every <url>
 * lists the page in each language and x-default (the default's) as xhtml:link alternates (decision 0160).
 */
export function sitemapXml(paths: string[], base: string, locales: readonly Pick<Locale, "code">[]): string {
  const url = (path: string) => escapeXml(absoluteUrl(path, base));
  const pages = [...new Set(paths)].filter((path) => isIndexedPath(path)).sort();
  const alternates = (path: string) =>
    locales.length < 2
      ? []
      : [
          ...locales.map(({ code }) => `    <xhtml:link rel="alternate" hreflang="${code}" href="${url(localizedPath(path, code, locales))}"/>`),
          `    <xhtml:link rel="alternate" hreflang="x-default" href="${url(path)}"/>`,
        ];
  const urls = locales.flatMap(({ code }) =>
    pages.flatMap((path) => {
      const extra = alternates(path);
      const loc = `<loc>${url(localizedPath(path, code, locales))}</loc>`;
      return extra.length ? [`  <url>${loc}`, ...extra, "  </url>"] : [`  <url>${loc}</url>`];
    }),
  );
  const namespaces = `xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${locales.length < 2 ? "" : ' xmlns:xhtml="http://www.w3.org/1999/xhtml"'}`;
  return ['<?xml version="1.0" encoding="UTF-8"?>', `<urlset ${namespaces}>`, ...urls, "</urlset>", ""].join("\n");
}

/** robots.txt: public/robots.txt as written, plus the absolute sitemap address for this build. */
export function robotsTxt(template: string, base: string): string {
  const rules = template.replace(/^Sitemap:.*$/gim, "").trimEnd();
  return `${rules}\n\nSitemap: ${absoluteUrl("/sitemap.xml", base)}\n`;
}

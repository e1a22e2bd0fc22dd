import type { MetaDescriptor } from "react-router";
import type { Page } from "~/content/pages";
import { site } from "~/content/site";
import { documentTitleOf } from "./document-title";
import { absoluteUrl } from "./site-url";

/** Shared preview image (1200×630, scripts/generate/generate-icons.mjs) for Open Graph and Twitter cards. */
export const socialImage = { path: "/og-image.png", width: 1200, height: 630, alt: `${site.shortName} - ${site.tagline}` };

/** Path of the not-found page: it is served for unknown URLs, so it must not be indexed. */
const notFoundPath = "/404";

/** The page's <title>: its own title, then the company, unless the title already names it. */
export function documentTitle(title: string): string {
  return documentTitleOf(title, site);
}

/**
 * Meta tags for one page; every route's `meta` goes through here: title, description, canonical
 * URL (from SITE_URL), Open Graph and Twitter card tags. `noindex` (pages that answer a form post):
 * robots noindex and no canonical URL.
 */
export function pageMeta(page: Pick<Page, "title" | "description" | "path"> & { noindex?: boolean }): MetaDescriptor[] {
  const title = documentTitle(page.title);
  const image = absoluteUrl(socialImage.path);
  const common: MetaDescriptor[] = [
    { title },
    { name: "description", content: page.description },
    { property: "og:site_name", content: site.name },
    { property: "og:locale", content: "en_US" },
    { property: "og:type", content: "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(socialImage.width) },
    { property: "og:image:height", content: String(socialImage.height) },
    { property: "og:image:alt", content: socialImage.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: socialImage.alt },
  ];
  if (page.path === notFoundPath || page.noindex) return [...common, { name: "robots", content: "noindex" }];
  const url = absoluteUrl(page.path);
  return [...common, { tagName: "link", rel: "canonical", href: url }, { property: "og:url", content: url }];
}

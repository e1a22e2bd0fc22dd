import type { MetaDescriptor } from "react-router";
import type { Page, PageId, Pages } from "~/content/pages";
import { locales } from "~/content/locales";
import type { Messages } from "~/content/messages";
import { site } from "~/content/site";
import { alternatesOf, defaultLocale, localeOfPath, localizedPath } from "./contracts/locale-paths";
import { documentTitleOf } from "./document-title";
import { absoluteUrl } from "./site-url";

/** Shared preview image (1200×630, scripts/generate/generate-icons.mjs) for Open Graph and Twitter cards. */
export const socialImage = { path: "/og-image.png", width: 1200, height: 630, alt: `${site.shortName} - ${site.tagline}` };

/** Path of the not-found page: it is served for unknown URLs, so it must not be indexed. */
const notFoundPath = "/404";

/** The not-found page's meta tags (routes/not-found.tsx, and any address whose language prefix is none). */
export const notFoundMeta = (args: MetaArgs): MetaDescriptor[] => [...pageMeta("notFound", args), { name: "robots", content: "noindex" }];

/** The page's <title>: its own title, then the company, unless the title already names it. */
export function documentTitle(title: string): string {
  return documentTitleOf(title, site);
}

/**
 * What a route's `meta` gets and pageMeta needs: the address shown, whose prefix names the language,
 * and the matched routes, the root's data among them (app/root.tsx: the fixed pages' words).
 */
export type MetaArgs = {
  location: { pathname: string };
  matches: readonly ({ id: string; loaderData?: unknown; params?: Record<string, string | undefined> } | undefined)[];
};

/** The shown language's interface words, from the root's data (decision 0160): for a route's `meta`. */
export function messagesIn(matches: MetaArgs["matches"]): Messages {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { messages?: Messages } | undefined;
  if (!root?.messages?.pages) throw new Error("pageMeta: no root data (app/root.tsx's loader gives every page the pages' words)");
  return root.messages;
}

/** The fixed pages' words in the shown language, from the root's data (decision 0160). */
export function pagesIn(matches: MetaArgs["matches"]): Pages {
  return messagesIn(matches).pages;
}

/**
 * Meta tags for one page; every route's `meta` goes through here: title, description, canonical
 * URL (from SITE_URL), Open Graph and Twitter card tags. `page` is a fixed page's id (its words from
 * the root's data) or the page's own words; `page.path` is its address in the default language.
 * `location` (the meta function's) says which language is shown (decision 0160):
 * the canonical URL is that language's, `og:locale` too, and the page names its copy in every
 * language with hreflang links plus x-default (the default language's). `noindex` (pages that
 * answer a form post): robots noindex, no canonical URL and no alternates.
 */
export function pageMeta(
  pageOrId: PageId | (Pick<Page, "title" | "description" | "path"> & { noindex?: boolean }),
  { location, matches }: MetaArgs,
): MetaDescriptor[] {
  // A first segment read as a language that is none (/no-such-page, /xx/faq): the root shows the
  // Oops page (app/root.tsx), so the head is the not-found page's, as in the 404.html the server sent.
  const lang = matches.at(-1)?.params?.lang;
  if (pageOrId !== "notFound" && lang !== undefined && !locales.some((l, i) => i > 0 && l.code === lang)) return notFoundMeta({ location, matches });
  const page = typeof pageOrId === "string" ? pagesIn(matches)[pageOrId] : pageOrId;
  const noindex = typeof pageOrId !== "string" && pageOrId.noindex;
  const title = documentTitle(page.title);
  const { description } = page;
  const image = absoluteUrl(socialImage.path);
  const locale = localeOfPath(location.pathname, locales);
  const common: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { property: "og:site_name", content: site.name },
    { property: "og:locale", content: locale.ogLocale },
    ...locales.filter((l) => l !== locale).map((l) => ({ property: "og:locale:alternate", content: l.ogLocale })),
    { property: "og:type", content: "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(socialImage.width) },
    { property: "og:image:height", content: String(socialImage.height) },
    { property: "og:image:alt", content: socialImage.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: socialImage.alt },
  ];
  if (page.path === notFoundPath || noindex) return [...common, { name: "robots", content: "noindex" }];
  const url = absoluteUrl(localizedPath(page.path, locale.code, locales));
  const alternates: MetaDescriptor[] =
    locales.length < 2
      ? []
      : [
          ...alternatesOf(page.path, locales).map(({ locale: l, path }) => ({ tagName: "link", rel: "alternate", hrefLang: l.code, href: absoluteUrl(path) })),
          { tagName: "link", rel: "alternate", hrefLang: "x-default", href: absoluteUrl(localizedPath(page.path, defaultLocale(locales).code, locales)) },
        ];
  return [...common, { tagName: "link", rel: "canonical", href: url }, { property: "og:url", content: url }, ...alternates];
}

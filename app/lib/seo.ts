import type { MetaDescriptor } from "react-router";
import type { Page } from "~/content/schema";
import { site } from "~/content/site";

/** The page's <title>: its own title, then the company, unless the title already names it. */
export function documentTitle(title: string): string {
  return title.startsWith(site.shortName) ? title : `${title} | ${site.shortName} - ${site.tagline}`;
}

/** Meta tags for one page; every route's `meta` goes through here. */
export function pageMeta(page: Pick<Page, "title" | "description" | "path">): MetaDescriptor[] {
  const title = documentTitle(page.title);
  return [
    { title },
    { name: "description", content: page.description },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:type", content: "website" },
  ];
}

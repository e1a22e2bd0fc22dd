import type { MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";
import { pages } from "~/content/pages";
import { site } from "~/content/site";
import { documentTitle, pageMeta } from "./seo";
import { absoluteUrl, siteUrl } from "./site-url";

const find = (meta: MetaDescriptor[], key: string, value: string) =>
  meta.find((m) => (m as Record<string, unknown>)[key] === value) as Record<string, string> | undefined;

describe("pageMeta", () => {
  const meta = pageMeta(pages.contact);

  it("gives the title, description and an absolute canonical URL", () => {
    expect(meta).toContainEqual({ title: documentTitle(pages.contact.title) });
    expect(find(meta, "name", "description")?.content).toBe(pages.contact.description);
    expect(find(meta, "rel", "canonical")).toEqual({ tagName: "link", rel: "canonical", href: `${site.url}/contact` });
  });

  it("gives Open Graph and Twitter card tags with an absolute image", () => {
    expect(find(meta, "property", "og:url")?.content).toBe(`${site.url}/contact`);
    expect(find(meta, "property", "og:title")?.content).toBe(documentTitle(pages.contact.title));
    expect(find(meta, "property", "og:image")?.content).toBe(`${site.url}/og-image.png`);
    expect(find(meta, "name", "twitter:card")?.content).toBe("summary_large_image");
    expect(find(meta, "name", "twitter:image")?.content).toBe(`${site.url}/og-image.png`);
  });

  it("keeps the not-found page out of search results and gives it no canonical", () => {
    const notFound = pageMeta(pages.notFound);
    expect(find(notFound, "name", "robots")?.content).toBe("noindex");
    expect(find(notFound, "rel", "canonical")).toBeUndefined();
  });
});

describe("siteUrl", () => {
  it("uses SITE_URL when set, without a trailing slash, and the sample URL otherwise", () => {
    expect(siteUrl("https://ssl.example.org/ ")).toBe("https://ssl.example.org");
    expect(siteUrl("")).toBe(site.url);
    expect(siteUrl(undefined)).toBe(site.url);
    expect(absoluteUrl("/faq", "https://ssl.example.org")).toBe("https://ssl.example.org/faq");
  });
});

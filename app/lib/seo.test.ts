import type { MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";
import { site } from "~/content/site";
import { documentTitle, pageMeta } from "./seo";
import { messagesOf } from "../../test-support/messages";
import { absoluteUrl, siteUrl } from "./site-url";

const { pages } = messagesOf("en");
/** A meta function's arguments at `pathname`, with the root's data as app/root.tsx's loader gives it. */
const at = (pathname: string) => ({ location: { pathname }, matches: [{ id: "root", loaderData: { messages: messagesOf("en") } }] });

const find = (meta: MetaDescriptor[], key: string, value: string) =>
  meta.find((m) => (m as Record<string, unknown>)[key] === value) as Record<string, string> | undefined;

describe("pageMeta", () => {
  const meta = pageMeta("contact", at("/contact"));

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
    const notFound = pageMeta("notFound", at("/whatever"));
    expect(find(notFound, "name", "robots")?.content).toBe("noindex");
    expect(find(notFound, "rel", "canonical")).toBeUndefined();
  });
});

describe("pageMeta of a fixed page", () => {
  it("takes the page's words from the root's data, not from JavaScript (decision 0160)", () => {
    const shown = { ...messagesOf("en"), pages: { ...pages, faq: { ...pages.faq, title: "Fragen", description: "Antworten für Einkäufer." } } };
    const meta = pageMeta("faq", { location: { pathname: "/faq" }, matches: [{ id: "root", loaderData: { messages: shown } }] });
    expect(find(meta, "name", "description")?.content).toBe("Antworten für Einkäufer.");
    expect(find(meta, "property", "og:description")?.content).toBe("Antworten für Einkäufer.");
    expect(meta).toContainEqual({ title: documentTitle("Fragen") });
  });

  it("stops with a clear error without the root's data", () => {
    expect(() => pageMeta("faq", { location: { pathname: "/faq" }, matches: [] })).toThrow(/no root data/);
  });
});

describe("pageMeta at an address whose first segment is no language", () => {
  const withLang = (pathname: string, lang: string) => ({
    ...at(pathname),
    matches: [{ id: "root", loaderData: { messages: messagesOf("en") }, params: { lang } }],
  });

  it("gives the not-found page's head, as the 404.html the server answers with (decision 0160)", () => {
    const meta = pageMeta("home", withLang("/no-such-page", "no-such-page"));
    expect(meta).toContainEqual({ title: documentTitle(pages.notFound.title) });
    expect(find(meta, "name", "robots")?.content).toBe("noindex");
    expect(find(meta, "rel", "canonical")).toBeUndefined();
  });

  it("keeps a listed language's page as it is", () => {
    expect(pageMeta("faq", withLang("/de/faq", "de"))).toContainEqual({ title: documentTitle(pages.faq.title) });
  });
});

describe("pageMeta in another language (decision 0160)", () => {
  const english = pageMeta("contact", at("/contact"));
  const german = pageMeta("contact", at("/de/contact"));
  const links = (meta: MetaDescriptor[], rel: string) => meta.filter((m) => (m as Record<string, unknown>).rel === rel) as Record<string, string>[];

  it("gives the language's own canonical URL and Open Graph locale", () => {
    expect(find(german, "rel", "canonical")?.href).toBe(`${site.url}/de/contact`);
    expect(find(german, "property", "og:url")?.content).toBe(`${site.url}/de/contact`);
    expect(find(german, "property", "og:locale")?.content).toBe("de_DE");
    expect(find(german, "property", "og:locale:alternate")?.content).toBe("en_US");
  });

  it("names the page in every language and x-default, the same from every copy", () => {
    const expected = [
      { tagName: "link", rel: "alternate", hrefLang: "en", href: `${site.url}/contact` },
      { tagName: "link", rel: "alternate", hrefLang: "de", href: `${site.url}/de/contact` },
      { tagName: "link", rel: "alternate", hrefLang: "x-default", href: `${site.url}/contact` },
    ];
    expect(links(german, "alternate")).toEqual(expected);
    expect(links(english, "alternate")).toEqual(expected);
    expect(find(english, "property", "og:locale")?.content).toBe("en_US");
  });

  it("gives a page that is not indexed neither a canonical URL nor alternates, in any language", () => {
    const sent = pageMeta({ ...pages.contact, noindex: true }, at("/de/contact/sent"));
    expect(find(sent, "rel", "canonical")).toBeUndefined();
    expect(links(sent, "alternate")).toEqual([]);
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

import { describe, expect, it } from "vitest";
import { isIndexedPath, robotsTxt, sitemapXml } from "./sitemap";

const base = "https://ssl.example.org";

describe("sitemapXml", () => {
  const xml = sitemapXml(["/", "/faq", "/faq", "/404", "/contact/sent", "/career/not-sent/resume", "/gallery/nontextile/straw&plasticbasket"], base, [
    { code: "en" },
  ]);
  const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

  it("lists each page once, without the not-found page and the forms' result pages", () => {
    expect(locs).toEqual([`${base}/`, `${base}/faq`, `${base}/gallery/nontextile/straw&amp;plasticbasket`]);
  });

  it("is well-formed XML: '&' escaped, and the URL unescapes to the real path", () => {
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
    const document = new DOMParser().parseFromString(xml, "application/xml");
    const texts = [...document.getElementsByTagName("loc")].map((l) => l.textContent);
    expect(texts).toContain(`${base}/gallery/nontextile/straw&plasticbasket`);
  });
});

describe("sitemapXml in several languages (decision 0160)", () => {
  const locales = [{ code: "en" }, { code: "de" }, { code: "fr" }];
  const xml = sitemapXml(["/", "/faq", "/404"], base, locales);
  const document = new DOMParser().parseFromString(xml, "application/xml");
  const urls = [...document.getElementsByTagName("url")];

  it("lists every indexed page once per language, the default language unprefixed", () => {
    expect(urls.map((u) => u.getElementsByTagName("loc")[0]?.textContent)).toEqual([
      `${base}/`,
      `${base}/faq`,
      `${base}/de`,
      `${base}/de/faq`,
      `${base}/fr`,
      `${base}/fr/faq`,
    ]);
  });

  it("names, in each <url>, the page in every language and x-default as xhtml:link alternates", () => {
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const germanFaq = urls.find((u) => u.getElementsByTagName("loc")[0]?.textContent === `${base}/de/faq`)!;
    const links = [...germanFaq.getElementsByTagName("xhtml:link")].map((l) => [l.getAttribute("rel"), l.getAttribute("hreflang"), l.getAttribute("href")]);
    expect(links).toEqual([
      ["alternate", "en", `${base}/faq`],
      ["alternate", "de", `${base}/de/faq`],
      ["alternate", "fr", `${base}/fr/faq`],
      ["alternate", "x-default", `${base}/faq`],
    ]);
  });

  it("leaves out the not-indexed pages in every language", () => {
    expect(isIndexedPath("/de/404", locales)).toBe(false);
    expect(isIndexedPath("/fr/contact/sent", locales)).toBe(false);
    expect(isIndexedPath("/de/faq", locales)).toBe(true);
    expect(xml).not.toContain("404");
  });
});

describe("robotsTxt", () => {
  it("keeps the rules and points at this build's sitemap, once", () => {
    const robots = robotsTxt("User-agent: *\nAllow: /\nSitemap: https://old.example.com/sitemap.xml\n", base);
    expect(robots).toContain("User-agent: *\nAllow: /");
    expect(robots.match(/^Sitemap:/gm)).toHaveLength(1);
    expect(robots).toContain(`Sitemap: ${base}/sitemap.xml`);
  });
});

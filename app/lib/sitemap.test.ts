import { describe, expect, it } from "vitest";
import { robotsTxt, sitemapXml } from "./sitemap";

const base = "https://ssl.example.org";

describe("sitemapXml", () => {
  const xml = sitemapXml(["/", "/faq", "/faq", "/404", "/contact/sent", "/career/not-sent/resume", "/gallery/nontextile/straw&plasticbasket"], base);
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

describe("robotsTxt", () => {
  it("keeps the rules and points at this build's sitemap, once", () => {
    const robots = robotsTxt("User-agent: *\nAllow: /\nSitemap: https://old.example.com/sitemap.xml\n", base);
    expect(robots).toContain("User-agent: *\nAllow: /");
    expect(robots.match(/^Sitemap:/gm)).toHaveLength(1);
    expect(robots).toContain(`Sitemap: ${base}/sitemap.xml`);
  });
});

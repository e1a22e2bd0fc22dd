import { afterEach, describe, expect, it } from "vitest";
import { tempBuild } from "../temp-build.mjs";
import { sitemap } from "./sitemap.mjs";

let build;
afterEach(() => build?.remove());

const robots = "User-agent: *\nAllow: /\n";
// What the content reader gives: the site's address, and the page paths the content makes.
const content = {
  modules: { site: { url: "https://from-content.example" } },
  locales: [{ code: "en" }, { code: "de" }],
  paths: { galleryFamilies: ["/gallery/men"], galleryItems: ["/gallery/nontextile/straw&plasticbasket"], jobs: ["/career/cutter", "/career/cutter/apply"] },
};

describe("sitemap step", () => {
  it("lists the pages under SITE_URL and points robots.txt at the sitemap", async () => {
    build = await tempBuild({ "robots.txt": robots });
    sitemap.run({ ...build, content, siteUrl: "https://ssl.example/" });
    const xml = build.files.text("sitemap.xml");
    expect(xml).toContain("<loc>https://ssl.example/faq</loc>");
    expect(xml).not.toContain("/404<");
    expect(xml).toContain("<loc>https://ssl.example/gallery/men</loc>");
    expect(xml).toContain("<loc>https://ssl.example/gallery/nontextile/straw&amp;plasticbasket</loc>");
    expect(xml).toContain("<loc>https://ssl.example/career/cutter</loc>");
    expect(xml).not.toContain("/career/cutter/apply");
    // Every page in every language (decision 0160).
    expect(xml).toContain("<loc>https://ssl.example/de/faq</loc>");
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="de" href="https://ssl.example/de/gallery/men"/>');
    expect(build.files.text("robots.txt")).toContain("Sitemap: https://ssl.example/sitemap.xml");
  });

  it("falls back to the website address of content/site.yaml without SITE_URL", async () => {
    build = await tempBuild({ "robots.txt": robots });
    sitemap.run({ ...build, content, siteUrl: undefined });
    expect(build.files.text("sitemap.xml")).toContain("<loc>https://from-content.example/faq</loc>");
    expect(build.files.text("robots.txt")).toContain("Sitemap: https://from-content.example/sitemap.xml");
  });
});

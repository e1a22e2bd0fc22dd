// sitemap.xml from the prerender list (every page in every language, with its alternates), and robots.txt (public/robots.txt, as Vite copied it) pointing
// at it, both under SITE_URL or else the website address of content/site.yaml.
import { originOf } from "../../../app/lib/absolute-url.ts";
import { pagePathsOf } from "../../../app/lib/prerender-paths.ts";
import { robotsTxt, sitemapXml } from "../../../app/lib/sitemap.ts";

export const sitemap = {
  name: "sitemap",
  run({ files, content, siteUrl }) {
    const base = originOf(siteUrl, content.modules.site.url);
    files.setText("sitemap.xml", sitemapXml(pagePathsOf(content), base, content.locales));
    files.setText("robots.txt", robotsTxt(files.text("robots.txt"), base));
    return `sitemap.xml and robots.txt under ${base}`;
  },
};

import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Config } from "@react-router/dev/config";
import { readContent } from "./app/content/reader/read-content";
import { originOf } from "./app/lib/absolute-url";
import { prerenderPaths } from "./app/lib/prerender-paths";
import { robotsTxt, sitemapXml } from "./app/lib/sitemap";

export default {
  ssr: false,
  // BUILD_DIR: publishing (server/publish) builds into a fresh folder while the live build is served.
  buildDirectory: process.env.BUILD_DIR || "build",
  // Every route becomes real HTML at build time; see app/lib/prerender-paths.ts.
  prerender: () => prerenderPaths(),
  // sitemap.xml from the same list, and robots.txt pointing at it, both under SITE_URL (or the
  // website address of content/site.yaml, read from CONTENT_DIR like every other content).
  async buildEnd({ reactRouterConfig, viteConfig }) {
    const client = join(reactRouterConfig.buildDirectory, "client");
    const { site } = await readContent();
    const base = originOf(viteConfig.env.SITE_URL, site.url);
    await writeFile(join(client, "sitemap.xml"), sitemapXml(prerenderPaths(), base));
    await writeFile(join(client, "robots.txt"), robotsTxt(await readFile("public/robots.txt", "utf8"), base));
  },
} satisfies Config;

import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./app/lib/prerender-paths";
import { siteUrl } from "./app/lib/site-url";
import { robotsTxt, sitemapXml } from "./app/lib/sitemap";

export default {
  ssr: false,
  // BUILD_DIR: publishing (server/publish) builds into a fresh folder while the live build is served.
  buildDirectory: process.env.BUILD_DIR || "build",
  // Every route becomes real HTML at build time; see app/lib/prerender-paths.ts.
  prerender: () => prerenderPaths(),
  // sitemap.xml from the same list, and robots.txt pointing at it, both under SITE_URL.
  async buildEnd({ reactRouterConfig, viteConfig }) {
    const client = join(reactRouterConfig.buildDirectory, "client");
    const base = siteUrl(viteConfig.env.SITE_URL);
    await writeFile(join(client, "sitemap.xml"), sitemapXml(prerenderPaths(), base));
    await writeFile(join(client, "robots.txt"), robotsTxt(await readFile("public/robots.txt", "utf8"), base));
  },
} satisfies Config;

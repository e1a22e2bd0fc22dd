import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Config } from "@react-router/dev/config";
import { contentRoot, loadSiteContent } from "./app/content/reader/site-content.server";
import { PhotoPipeline } from "./app/lib/photos/photo-pipeline.server";
import { galleryDataFile, prerenderPaths } from "./app/lib/prerender-paths";
import { originOf } from "./app/lib/absolute-url";
import { robotsTxt, sitemapXml } from "./app/lib/sitemap";

export default {
  ssr: false,
  // BUILD_DIR: publishing (server/publish) builds into a fresh folder while the live build is served.
  buildDirectory: process.env.BUILD_DIR || "build",
  // Every route becomes real HTML at build time (app/lib/prerender-paths.ts), and /data.json a file.
  // The content is read once per build (app/content/reader): a bad file stops the build here.
  async prerender() {
    return [...prerenderPaths(await loadSiteContent()), galleryDataFile];
  },
  // sitemap.xml from the same list, and robots.txt pointing at it, both under SITE_URL (or the
  // website address of content/site.yaml, read from CONTENT_DIR like every other content); the photo
  // variants of content/media (cached: only new photos are encoded) copied into the site.
  async buildEnd({ reactRouterConfig, viteConfig }) {
    const client = join(reactRouterConfig.buildDirectory, "client");
    const content = await loadSiteContent();
    const base = originOf(viteConfig.env.SITE_URL, content.modules.site.url);
    await writeFile(join(client, "sitemap.xml"), sitemapXml(prerenderPaths(content), base));
    await writeFile(join(client, "robots.txt"), robotsTxt(await readFile("public/robots.txt", "utf8"), base));
    // React Router writes a .data twin of every prerendered path; /data.json needs none.
    await rm(join(client, `${galleryDataFile}.data`), { force: true });
    const photos = new PhotoPipeline({ contentDir: contentRoot() });
    const published = await photos.publish(client);
    console.log(`photos: ${published.photos} photos, ${published.files} variants in ${client}/media (${photos.encoded} encoded, ${photos.cacheHits} from the cache)`);
  },
} satisfies Config;

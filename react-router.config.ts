import type { Config } from "@react-router/dev/config";
import { loadGalleryData } from "./app/features/gallery/gallery-data.server";
import { galleryDataFile, prerenderPaths } from "./app/lib/prerender-paths";
import { runBuildSteps } from "./scripts/build/run-steps.mjs";

export default {
  ssr: false,
  // BUILD_DIR: publishing (server/publish) builds into a fresh folder while the live build is served.
  buildDirectory: process.env.BUILD_DIR || "build",
  // Every route becomes real HTML at build time (app/lib/prerender-paths.ts), and /data.json a file.
  // The gallery content is read and checked first: a bad file or photo stops the build here.
  async prerender() {
    await loadGalleryData();
    return [...prerenderPaths(), galleryDataFile];
  },
  // Once every page is prerendered: the post-build steps of scripts/build/ (sitemap, photos, PDF,
  // the pages' rewrites, precompression, server bundle, security headers), in their order. Imported
  // above, not when called: React Router has closed the loader that compiles TypeScript by then.
  async buildEnd({ reactRouterConfig, viteConfig }) {
    await runBuildSteps({ buildDir: reactRouterConfig.buildDirectory, siteUrl: viteConfig.env.SITE_URL });
  },
} satisfies Config;

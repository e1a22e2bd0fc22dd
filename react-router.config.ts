import type { Config } from "@react-router/dev/config";
import { buildDir, readEnvironment } from "./app/lib/contracts/environment.server";
import { loadSiteContent } from "./app/content/reader/site-content.server";
import { galleryDataFiles, prerenderPaths } from "./app/lib/prerender-paths";
import { runBuildSteps } from "./scripts/build/run-steps.mjs";

export default {
  ssr: false,
  // The client and the prerendering server built by one Vite builder, the config read twice
  // instead of five times (decision 0205): seconds of every publish.
  future: { v8_viteEnvironmentApi: true },
  // BUILD_DIR: publishing (server/publish) builds into a fresh folder while the live build is served.
  buildDirectory: buildDir(),
  // Every route becomes real HTML at build time (app/lib/prerender-paths.ts), and /data.json a file (one per language: /de/data.json).
  // The content is read once per build (app/content/reader): a bad file stops the build here.
  prerender: {
    async paths() {
      const content = await loadSiteContent();
      return [...prerenderPaths(content), ...galleryDataFiles(content.locales)];
    },
    // Four pages at a time (decision 0160): one page's files are written while the next renders.
    // Rendering itself is one thread, so this gains little; the gallery data made once per build did.
    concurrency: 4,
  },
  // Once every page is prerendered: the post-build steps of scripts/build/ (sitemap, photos, PDF,
  // the pages' rewrites, precompression, server bundle, security headers), in their order. Imported
  // above, not when called: React Router has closed the loader that compiles TypeScript by then.
  async buildEnd({ reactRouterConfig, viteConfig }) {
    // Vite's env (.env files and the process, SITE_URL and VITE_* only) through the one schema: a
    // wrong value stops the build naming the variable, before any step uses it.
    readEnvironment(viteConfig.env);
    await runBuildSteps({ buildDir: reactRouterConfig.buildDirectory, siteUrl: viteConfig.env.SITE_URL, buildEnv: viteConfig.env });
  },
} satisfies Config;

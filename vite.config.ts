import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin, type Rollup } from "vite";
import { contentPlugin } from "./app/content/reader/vite-plugin";
import { photoVariantsInDev } from "./app/lib/photos/dev-media-plugin";

const rootModule = fileURLToPath(new URL("./app/root.tsx", import.meta.url));

/**
 * Fewer, larger files where a page needs them all anyway: on a slow phone's network (and over
 * HTTP/1.1's six connections) every file costs a round trip before the page can hydrate.
 * - "shell": every module the root route imports, directly or not (React, the router, header,
 *   footer, shared hooks), plus the page banner: loaded on (nearly) every page, so it adds no byte.
 * - "gallery": the gallery feature's modules, one file for its pages instead of five; a product
 *   page's own parts in its route's chunk (decision 0077: its view and specifications; decision 0190:
 *   its photo grid and browser loader), a showcase page's and a family page's view in theirs, the
 *   product cards in one the family pages and the catalogue share (decision 0190).
 * - "video": the video components the product, showcase, FAQ and services pages share; not the
 *   gallery chunk's import (decision 0190: the catalogue and family pages show no video).
 * - "certificates": the certificate links of the product pages and the compliance page (decision 0076).
 * - "quote-list": the quote request's list (the add control's toggle and the header's count, both
 *   loaded after hydration, and /quote), so none of them pulls in another's chunk for it.
 * Everything else keeps Rollup's own chunking.
 */
function chunkFor(id: string, { getModuleInfo }: Rollup.ManualChunkMeta): string | undefined {
  // The root route module itself stays React Router's, and the stylesheet stays a file of its own.
  const isCode = /\.[cm]?[jt]sx?$/.test(id.split("?")[0]!) || id.startsWith("\0virtual:content/");
  if (id.startsWith(rootModule) || !isCode) return undefined;
  const seen = new Set<string>();
  const reachesRoot = (moduleId: string): boolean => {
    if (seen.has(moduleId)) return false;
    seen.add(moduleId);
    const importers = getModuleInfo(moduleId)?.importers ?? [];
    return importers.some((importer) => importer.startsWith(rootModule) || reachesRoot(importer));
  };
  if (reachesRoot(id) || id.includes("/app/components/page-banner/")) return "shell";
  // The catalogue itself (/gallery only) and its search and filters, which load after /gallery has
  // hydrated (decision 0077): Rollup's own chunks, not the other gallery pages' first load.
  if (/\/app\/features\/gallery\/catalogue-(page|filters|filter-state|search)\./.test(id)) return undefined;
  // A product page's own parts (its view, specifications, photo grid and browser loader): in its route's
  // chunk, not on /gallery and the family pages (one file fewer on the product page's first load). A
  // showcase page's view in its own, and so the video player with them only: the catalogue and family
  // pages never load it; the family page's view in its route's chunk and the product cards (the family
  // pages' and the catalogue's) in Rollup's shared one, not on the product pages (decision 0190).
  if (
    /\/app\/features\/gallery\/(gallery-item-page|product-specs|gallery-grid|load-gallery-item|gallery-showcase-cards|gallery-family-page|gallery-item-cards)\./.test(
      id,
    )
  )
    return undefined;
  if (id.includes("/app/features/gallery/") && !/\.server\.[jt]sx?$/.test(id)) return "gallery";
  // The Add to quote control (not its toggle, loaded after hydration) and a sentence's parts: the
  // product page's and the cards' (decision 0190), in the gallery's chunk as they were.
  if (/\/app\/(components\/add-to-quote\/add-to-quote(-shared)?\.|components\/text-parts\/|lib\/text-parts)/.test(id)) return "gallery";
  // The Verify and certificate-file links, shared by the product pages and the compliance page.
  if (id.includes("/app/components/certificates/") || id === "\0virtual:content/certificateLinkLabels") return "certificates";
  // Rollup puts a manual chunk's unassigned imports in it too: the video components get their own.
  if (id.includes("/app/components/video/")) return "video";
  if (id.includes("/app/lib/quote-list/")) return "quote-list";
  return undefined;
}

/**
 * React Router's production build for the browser (decision 0172): its package's exports name only
 * its development build, whose dev-only warnings (`ENABLE_DEV_WARNINGS`) every page would otherwise
 * load. The same code with that constant false, so the minifier drops them. Every import of
 * `react-router` and `react-router/dom` in the client's build resolves here (one copy of the router,
 * never two); the build-time render (the SSR environment, run by Node) keeps the package's own
 * resolution. A plugin for the client environment only: both environments are built from one
 * config (decision 0205), so an alias would reach the SSR build too.
 */
const reactRouterProduction = (file: string) => fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));
const reactRouterForTheBrowser: Plugin = {
  name: "react-router-production-for-the-browser",
  apply: "build",
  enforce: "pre",
  applyToEnvironment: (environment) => environment.name === "client",
  resolveId(source) {
    if (source === "react-router") return reactRouterProduction("index.mjs");
    if (source === "react-router/dom") return reactRouterProduction("dom-export.mjs");
    return undefined;
  },
};

export default defineConfig({
  // SITE_URL (canonical origin) is public by nature: expose it beside the VITE_ variables.
  envPrefix: ["VITE_", "SITE_URL"],
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  // contentPlugin: content/ (or CONTENT_DIR) as `virtual:content/<name>` modules, validated.
  plugins: [reactRouterForTheBrowser, contentPlugin(), tailwindcss(), reactRouter(), photoVariantsInDev()],
  resolve: {
    alias: [{ find: "~", replacement: new URL("./app", import.meta.url).pathname }],
  },
  build: {
    // React Router would remove the whole build folder, published releases and studio included:
    // `npm run build:site` empties only what it makes (scripts/build/clean-site.mjs).
    emptyOutDir: false,
    rollupOptions: {
      output: { manualChunks: chunkFor },
    },
  },
});

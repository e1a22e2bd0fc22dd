import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig, type Rollup } from "vite";
import { contentPlugin } from "./app/content/reader/vite-plugin";
import { photoVariantsInDev } from "./app/lib/photos/dev-media-plugin";

const rootModule = fileURLToPath(new URL("./app/root.tsx", import.meta.url));

/**
 * Every module the root route imports, directly or not (React, the router, header, footer, shared
 * hooks), is loaded on every page: one "shell" chunk instead of a dozen small shared files, each of
 * which costs a request and, on a slow phone's network, a round trip before the page can hydrate.
 * It adds no byte to any page. Everything else keeps Rollup's own chunking.
 */
function shellChunk(id: string, { getModuleInfo }: Rollup.ManualChunkMeta): string | undefined {
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
  return reachesRoot(id) ? "shell" : undefined;
}

export default defineConfig({
  // SITE_URL (canonical origin) is public by nature: expose it beside the VITE_ variables.
  envPrefix: ["VITE_", "SITE_URL"],
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  // contentPlugin: content/ (or CONTENT_DIR) as `virtual:content/<name>` modules, validated.
  plugins: [contentPlugin(), tailwindcss(), reactRouter(), photoVariantsInDev()],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  build: {
    rollupOptions: {
      output: { manualChunks: shellChunk },
    },
  },
});

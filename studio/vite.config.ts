import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

// The content studio (Keystatic's React UI) as its own bundle, build/studio, served by the Node
// server at /keystatic. The public site's build (React Router) never imports anything from here.
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/keystatic/",
  publicDir: false,
  resolve: { alias: { "~": fileURLToPath(new URL("../app", import.meta.url)) } },
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  build: {
    outDir: fileURLToPath(new URL("../build/studio", import.meta.url)),
    emptyOutDir: true,
    // One lazy editor bundle is expected: the studio is an admin tool loaded on purpose.
    chunkSizeWarningLimit: 4096,
    reportCompressedSize: true,
  },
});

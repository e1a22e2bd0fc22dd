import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { contentPlugin } from "./app/content/reader/vite-plugin";
import { photoVariantsInDev } from "./app/lib/photos/dev-media-plugin";

export default defineConfig({
  // SITE_URL (canonical origin) is public by nature: expose it beside the VITE_ variables.
  envPrefix: ["VITE_", "SITE_URL"],
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  // contentPlugin: content/ (or CONTENT_DIR) as `virtual:content/<name>` modules, validated.
  plugins: [contentPlugin(), tailwindcss(), reactRouter(), photoVariantsInDev()],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
});

import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";

/**
 * Keystatic's UI links the Inter font from Google Fonts. The studio makes no outside request (its
 * CSP would refuse it anyway): drop the link and let Keystar UI's font stack fall back to the
 * system font. Fails the build if Keystatic changes the markup, so the link cannot slip back in.
 */
function noGoogleFonts(): Plugin {
  const link = /\/\*#__PURE__\*\/jsx\("link", \{\s*href: "https:\/\/fonts\.googleapis\.com\/[^"]*",\s*rel: "stylesheet"\s*\}\),\s*/;
  return {
    name: "studio-no-google-fonts",
    transform(code, id) {
      if (!id.includes("@keystatic/core/dist/keystatic-core-ui")) return null;
      if (!code.includes("fonts.googleapis.com")) return null;
      if (!link.test(code)) this.error("Keystatic's Google Fonts link changed shape: update studio/vite.config.ts");
      return { code: code.replace(link, ""), map: null };
    },
  };
}

// The content studio (Keystatic's React UI) as its own bundle, build/studio, served by the Node
// server at /keystatic. `npm run build:studio` (scripts/build/studio.mjs) builds it into a fresh
// folder beside that and swaps it in. The public site's build (React Router) never imports anything from here.
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/keystatic/",
  publicDir: false,
  plugins: [noGoogleFonts()],
  resolve: { alias: { "~": fileURLToPath(new URL("../app", import.meta.url)) } },
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  build: {
    outDir: fileURLToPath(new URL("../build/studio", import.meta.url)),
    emptyOutDir: true,
    // One lazy editor bundle is expected: the studio is an admin tool loaded on purpose.
    chunkSizeWarningLimit: 4096,
    reportCompressedSize: true,
    rollupOptions: {
      // Keystar UI marks its modules "use client" for React Server Components; meaningless in this bundle.
      onwarn(warning, warn) {
        if (warning.code !== "MODULE_LEVEL_DIRECTIVE") warn(warning);
      },
    },
  },
});

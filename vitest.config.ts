import { defineConfig } from "vitest/config";

// Unit tests run without the React Router plugin: they import modules directly.
export default defineConfig({
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    environment: "happy-dom",
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
    setupFiles: ["./vitest.setup.ts"],
    restoreMocks: true,
  },
});

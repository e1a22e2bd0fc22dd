import { defineConfig } from "vitest/config";

const shared = {
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
};

// Unit tests run without the React Router plugin: they import modules directly.
// Browser code runs in happy-dom; the server and build scripts in plain Node.
export default defineConfig({
  test: {
    restoreMocks: true,
    projects: [
      {
        ...shared,
        test: {
          name: "app",
          environment: "happy-dom",
          include: ["app/**/*.test.{ts,tsx}"],
          setupFiles: ["./vitest.setup.ts"],
          restoreMocks: true,
        },
      },
      {
        ...shared,
        test: {
          name: "node",
          environment: "node",
          include: ["server/**/*.test.ts", "scripts/**/*.test.{ts,mjs}", "studio/**/*.test.ts"],
          restoreMocks: true,
        },
      },
    ],
  },
});

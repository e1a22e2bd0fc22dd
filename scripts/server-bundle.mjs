// The `npm start` server as one file (build/node/index.mjs): written by postbuild, and by the tests
// that start the real server (server/npm-start.test.ts), so they run what production runs.
import { build } from "esbuild";

/**
 * Bundles server/index.ts into `outfile`. Packages stay external: the file must lie inside the
 * project, so Node finds them in its node_modules.
 */
export async function bundleServer(outfile) {
  await build({
    entryPoints: ["server/index.ts"],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    outfile,
    logLevel: "warning",
  });
}

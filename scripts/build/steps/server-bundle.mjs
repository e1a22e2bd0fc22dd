// The `npm start` server as one file (build/node/index.mjs). Packages stay external: the file lies
// inside the project, so Node finds them in its node_modules.
import { join } from "node:path";
import { build } from "esbuild";

/** Bundles server/index.ts into `outfile`. */
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

export const serverBundle = {
  name: "server-bundle",
  async run({ buildDir }) {
    const outfile = join(buildDir, "node/index.mjs");
    await bundleServer(outfile);
    return outfile;
  },
};

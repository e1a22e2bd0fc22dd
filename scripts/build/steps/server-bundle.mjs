// The `npm start` server as one file (build/node/index.mjs). Packages stay external: the file lies
// inside the project, so Node finds them in its node_modules.
import { dirname, join, relative, resolve } from "node:path";
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
    // Files the server reads at run time are found from the project (server/platform/project-dir.ts), wherever BUILD_DIR puts the bundle.
    define: { __SERVER_BUNDLE_TO_PROJECT__: JSON.stringify(`${relative(dirname(resolve(outfile)), process.cwd()).split("\\").join("/")}/`) },
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

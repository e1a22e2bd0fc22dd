// After `react-router build`: the 404 page, the company profile PDF, precompressed files and the Node server bundle.
import { copyFile, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { build } from "esbuild";
import { writeSecurityConfig } from "./security-config.mjs";

const client = "build/client";

// The prerendered /404 is the Oops page every unknown path gets, with status 404.
await copyFile(join(client, "404/index.html"), join(client, "404.html"));
await rm(join(client, "404"), { recursive: true });

// The company profile PDF, drawn from app/content (scripts/company-profile).
await import("./company-profile/write-profile-pdf.mjs");

const compressible = /\.(html|js|mjs|css|json|svg|xml|txt|webmanifest|map)$/;
async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}
let count = 0;
for await (const file of files(client)) {
  if (!compressible.test(file) || (await stat(file)).size < 1024) continue;
  const body = await readFile(file);
  await writeFile(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  await writeFile(`${file}.gz`, gzipSync(body, { level: 9 }));
  count++;
}

await build({
  entryPoints: ["server/index.ts"],
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  outfile: "build/node/index.mjs",
  logLevel: "warning",
});
const security = await writeSecurityConfig();
await writeFile("build/.stamp", new Date().toISOString());
console.log(`postbuild: 404.html, ${count} files precompressed (br, gz), server bundle build/node/index.mjs, CSP hashes for ${security.pages} pages, build/nginx`);

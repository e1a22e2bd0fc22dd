// Build step (called by scripts/postbuild.mjs): hashes every inline <script> and <style> of every built HTML page
// and writes the security headers from server/security-headers.ts for both servers:
//   build/security/csp-hashes.json  read by the `npm start` server
//   build/security/csp-origins.json the outside services this build uses (analytics, EmailJS), read by the server
//   build/nginx/*.conf              included by deploy/nginx.conf
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { loadEnv } from "vite";

/** server/security-headers.ts compiled on the fly, so the build uses the server's own code. */
async function loadSecurityHeaders(buildDir) {
  const outfile = join(buildDir, ".tmp", "security-headers.mjs");
  await build({
    entryPoints: ["server/security-headers.ts"],
    bundle: true,
    platform: "node",
    format: "esm",
    outfile,
    logLevel: "warning",
  });
  const module = await import(`${pathToFileURL(outfile).href}?${Date.now()}`);
  await rm(join(buildDir, ".tmp"), { recursive: true, force: true });
  return module;
}

async function* htmlFiles(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(path);
    else if (entry.name.endsWith(".html")) yield path;
  }
}

/**
 * The VITE_ values the pages were built with, as Vite read them (`react-router build` is a
 * production build: .env, .env.production and their .local files, the process environment first).
 */
export function buildEnv(projectDir = process.cwd()) {
  return loadEnv("production", projectDir, "VITE_");
}

export async function writeSecurityConfig(buildDir = "build", env = buildEnv()) {
  const { cspKeyForFile, cspOriginsFromBuildEnv, inlineHashes, nginxSecurityConfig } = await loadSecurityHeaders(buildDir);
  const origins = cspOriginsFromBuildEnv(env);
  const client = join(buildDir, "client");
  const hashes = {};
  for await (const file of htmlFiles(client)) {
    hashes[cspKeyForFile(relative(client, file))] = inlineHashes(await readFile(file, "utf8"));
  }
  await mkdir(join(buildDir, "security"), { recursive: true });
  await writeFile(join(buildDir, "security", "csp-hashes.json"), `${JSON.stringify(hashes, null, 2)}\n`);
  await writeFile(join(buildDir, "security", "csp-origins.json"), `${JSON.stringify(origins, null, 2)}\n`);
  await mkdir(join(buildDir, "nginx"), { recursive: true });
  for (const [name, text] of Object.entries(nginxSecurityConfig(origins))) {
    await writeFile(join(buildDir, "nginx", name), text);
  }
  const count = Object.values(hashes).reduce((sum, { scripts, styles }) => sum + scripts.length + styles.length, 0);
  return { pages: Object.keys(hashes).length, hashes: count, origins };
}

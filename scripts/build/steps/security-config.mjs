// Build step (scripts/build/run-steps.mjs): hashes every inline <script> and <style> of every built HTML page
// and writes the security headers from server/platform/security-headers.ts for both servers:
//   build/security/csp-hashes.json  read by the `npm start` server
//   build/security/csp-origins.json the outside services this build uses (analytics, EmailJS), read by the server
//   build/nginx/*.conf              included by deploy/nginx.conf
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { loadEnv } from "vite";
// The server's own code (compiled by `react-router build`, which runs the steps).
import { cspKeyForFile, cspOriginsFromBuildEnv, inlineHashes, nginxSecurityConfig } from "../../../server/platform/security-headers.ts";

async function* htmlFiles(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(path);
    else if (entry.name.endsWith(".html")) yield path;
  }
}

async function* pagesOnDisk(client) {
  for await (const file of htmlFiles(client)) yield [relative(client, file), await readFile(file, "utf8")];
}

/**
 * The VITE_ values the pages were built with, as Vite read them (`react-router build` is a
 * production build: .env, .env.production and their .local files, the process environment first).
 */
export function buildEnv(projectDir = process.cwd()) {
  return loadEnv("production", projectDir, "VITE_");
}

/**
 * `env`: the build's VITE_ values (which outside services the pages use); `pages`: [path under
 * client/, html] of each built page, read from disk when not given (a test, a one-page build).
 */
export async function writeSecurityConfig(buildDir = "build", env = buildEnv(), pages = undefined) {
  const origins = cspOriginsFromBuildEnv(env);
  const client = join(buildDir, "client");
  const hashes = {};
  for await (const [path, html] of pages ?? pagesOnDisk(client)) {
    hashes[cspKeyForFile(path)] = inlineHashes(html);
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

export const securityConfig = {
  name: "security-config",
  async run({ buildDir, files, buildEnv: env }) {
    const security = await writeSecurityConfig(buildDir, env ?? buildEnv(), files.pages().map((path) => [path, files.text(path)]));
    return `CSP hashes for ${security.pages} pages`;
  },
};

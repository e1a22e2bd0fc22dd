// Build step (scripts/build/run-steps.mjs): hashes every inline <script> and <style> of every built HTML page
// and writes the security headers from server/security-headers.ts for both servers:
//   build/security/csp-hashes.json  read by the `npm start` server
//   build/nginx/*.conf              included by deploy/nginx.conf
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
// The server's own code, so both servers send what the build hashed (Vite compiles it: the steps
// run inside `react-router build`).
import { cspKeyForFile, inlineHashes, nginxSecurityConfig } from "../../../server/security-headers.ts";
import { listFiles } from "../client-files.mjs";

/** [path under client/, html] of every page on disk, for a call outside the build (a test). */
async function pagesOnDisk(client) {
  const pages = (await listFiles(client)).filter((path) => path.endsWith(".html"));
  return Promise.all(pages.map(async (path) => [path, await readFile(join(client, path), "utf8")]));
}

/** `pages`: [path under client/, html] of every built page; read from disk when not given. */
export async function writeSecurityConfig(buildDir = "build", pages = undefined) {
  const client = join(buildDir, "client");
  const hashes = {};
  for (const [path, html] of pages ?? (await pagesOnDisk(client))) {
    hashes[cspKeyForFile(path)] = inlineHashes(html);
  }
  await mkdir(join(buildDir, "security"), { recursive: true });
  await writeFile(join(buildDir, "security", "csp-hashes.json"), `${JSON.stringify(hashes, null, 2)}\n`);
  await mkdir(join(buildDir, "nginx"), { recursive: true });
  for (const [name, text] of Object.entries(nginxSecurityConfig())) {
    await writeFile(join(buildDir, "nginx", name), text);
  }
  const count = Object.values(hashes).reduce((sum, { scripts, styles }) => sum + scripts.length + styles.length, 0);
  return { pages: Object.keys(hashes).length, hashes: count };
}

export const securityConfig = {
  name: "security-config",
  async run({ buildDir, files }) {
    const security = await writeSecurityConfig(
      buildDir,
      files.pages().map((path) => [path, files.text(path)]),
    );
    return `CSP hashes for ${security.pages} pages, ${join(buildDir, "security")}, ${join(buildDir, "nginx")}`;
  },
};

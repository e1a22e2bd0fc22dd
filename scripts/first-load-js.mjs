// Prints the first-load JavaScript of prerendered pages (every script the HTML loads or
// modulepreloads), raw and gzip -9, e.g. `node scripts/first-load-js.mjs / /our-company/aboutus`.
// Run after `npm run build`.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const client = "build/client";
for (const path of process.argv.slice(2).length ? process.argv.slice(2) : ["/"]) {
  const html = readFileSync(join(client, path, "index.html"), "utf8");
  const scripts = [...new Set([...html.matchAll(/["'](\/assets\/[^"']+\.js)["']/g)].map((m) => m[1]))];
  let raw = 0;
  let gzip = 0;
  for (const src of scripts) {
    const body = readFileSync(join(client, src));
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  console.log(`${path}: ${scripts.length} scripts, ${(raw / 1024).toFixed(1)} kB raw, ${(gzip / 1024).toFixed(1)} kB gzip`);
}

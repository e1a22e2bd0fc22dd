// The JavaScript a first load of each benchmarked route fetches (the client entry, the modules the
// boot script preloads and the route's chunks, with their static imports: bench.mjs's
// firstLoadAssets), from a build folder, as a Markdown table of raw, gzip -9 and brotli -11 bytes.
//
//   node scripts/bench/first-load-js.mjs [build] [route…]          one build (default: build)
//   node scripts/bench/first-load-js.mjs --compare before after   before → after, per route
//
// Run after `npm run build:site`. No server: it reads build/client.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { benchmarkedRoutes, firstLoadAssets, routeHtmlFile, signed, table, withoutLanguagePrefix } from "./bench.mjs";

const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
const bytesChange = signed(" B");
const headers = ["route", "files", "JS raw", "JS gzip", "JS brotli"];

function clientOf(buildDir) {
  const client = join(buildDir, "client");
  if (!existsSync(join(client, "index.html"))) throw new Error(`${client}/index.html not found: build it first (npm run build:site)`);
  return client;
}

/** One row per route: files and JS bytes (raw, gzip, brotli) of one build. */
export async function firstLoadTable(buildDir, routes = benchmarkedRoutes) {
  const client = clientOf(buildDir);
  const rows = [];
  for (const route of routes) {
    const a = await firstLoadAssets(route, client);
    rows.push([route, a.jsFiles, kB(a.jsRaw), kB(a.jsGzip), kB(a.jsBrotli)]);
  }
  return table(headers, rows);
}

/**
 * One row per route: before → after (difference) for raw, gzip and brotli; `beforeRoute(route)` is
 * the page of the before build it is compared with (compare.mjs: a language's page with the
 * English one where the before build has no such language), `label(route)` the row's name.
 */
export async function firstLoadComparison(beforeDir, afterDir, routes = benchmarkedRoutes, beforeRoute = (route) => route, label = (route) => route) {
  const [before, after] = [clientOf(beforeDir), clientOf(afterDir)];
  const cell = (b, a) => `${kB(b)} → ${kB(a)} (${bytesChange(a - b)})`;
  const rows = [];
  for (const route of routes) {
    const [b, a] = [await firstLoadAssets(beforeRoute(route), before), await firstLoadAssets(route, after)];
    rows.push([label(route), `${b.jsFiles} → ${a.jsFiles}`, cell(b.jsRaw, a.jsRaw), cell(b.jsGzip, a.jsGzip), cell(b.jsBrotli, a.jsBrotli)]);
  }
  return table(headers, rows);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  if (args[0] === "--compare") {
    const before = args[1] ?? "build";
    const onBefore = (route) => (existsSync(routeHtmlFile(route, clientOf(before))) ? route : withoutLanguagePrefix(route));
    console.log(
      await firstLoadComparison(before, args[2] ?? "build", benchmarkedRoutes, onBefore, (route) =>
        onBefore(route) === route ? route : `${route} (before: ${onBefore(route)})`,
      ),
    );
  } else {
    const [buildDir = "build", ...routes] = args;
    console.log(await firstLoadTable(buildDir, routes.length ? routes : benchmarkedRoutes));
  }
}

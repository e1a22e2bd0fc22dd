// Prints the first-load JavaScript and CSS of prerendered pages (gzip -9, as `npm run bench`
// counts them), e.g. `node scripts/bench/first-load-js.mjs / /our-company/aboutus`. Run after `npm run build`.
import { firstLoadAssets } from "./bench.mjs";

for (const route of process.argv.slice(2).length ? process.argv.slice(2) : ["/"]) {
  const { jsGzip, jsFiles, cssGzip } = await firstLoadAssets(route);
  console.log(`${route}: ${jsFiles} scripts, ${(jsGzip / 1024).toFixed(1)} kB JS gzip, ${(cssGzip / 1024).toFixed(1)} kB CSS gzip`);
}

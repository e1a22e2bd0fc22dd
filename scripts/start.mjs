// `npm start`: build when the build is missing or older than the sources, then serve it.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

// Plain Node before anything is built, so the TypeScript schema (app/lib/contracts/environment.server.ts)
// cannot be imported here: its rule for these two is applied by hand (empty or blank = the default).
// eslint-disable-next-line no-restricted-properties -- see above
const { CONTENT_DIR, BUILD_DIR, CLIENT_DIR } = process.env;
const buildDir = BUILD_DIR?.trim() || "build";
// The server serves CLIENT_DIR (default build/client): a build elsewhere (the e2e builds of
// fixtures/content) is served from where it was written, unless told otherwise.
// eslint-disable-next-line no-restricted-properties -- see above
if (!CLIENT_DIR?.trim()) process.env.CLIENT_DIR = join(buildDir, "client");
const stamp = join(buildDir, ".stamp");
// What the build is made of: scripts/build (its steps), not the benches or test set-up beside it.
const contentSource = CONTENT_DIR?.trim() || "content";
const sources = ["app", "server", "public", "scripts/build", "scripts/start.mjs", "studio", contentSource, "package.json", "vite.config.ts", "react-router.config.ts", "keystatic.config.ts"];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(s.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

const builtAt = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);
const newest = (paths) => Math.max(...paths.map(newestMtime));
// The site (BUILD_DIR) is made from the content; the studio (always build/studio, shared by every
// build: it holds no content) only from the code.
const siteStale = builtAt(stamp) === 0 || newest(sources) > builtAt(stamp);
const studioStale = newest(sources.filter((s) => s !== contentSource)) > builtAt(join("build", "studio", "index.html"));
if (siteStale || studioStale) console.log("Building the site first (npm run build)…");
if (siteStale) execSync("npm run build:site", { stdio: "inherit" });
if (studioStale) execSync("npm run build:studio", { stdio: "inherit" });
await import(pathToFileURL(join(buildDir, "node/index.mjs")).href);

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
const sources = ["app", "server", "public", "scripts/build", "scripts/start.mjs", "studio", CONTENT_DIR?.trim() || "content", "package.json", "vite.config.ts", "react-router.config.ts", "keystatic.config.ts"];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(s.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
if (!built || Math.max(...sources.map(newestMtime)) > built) {
  console.log("Building the site first (npm run build)…");
  execSync("npm run build", { stdio: "inherit" });
}
await import(pathToFileURL(join(buildDir, "node/index.mjs")).href);

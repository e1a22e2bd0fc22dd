// `npm start`: build when the build is missing or older than the sources, then serve it.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const stamp = "build/.stamp";
const sources = ["app", "server", "public", "scripts", "studio", process.env.CONTENT_DIR || "content", "package.json", "vite.config.ts", "react-router.config.ts", "keystatic.config.ts"];

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
await import(pathToFileURL("build/node/index.mjs").href);

// `npm run build:site`'s first step: empties BUILD_DIR for the new build, except what lives beside
// the site and other servers may be serving right now: the published releases (releases/), the
// studio (studio/, when STUDIO_DIR is there) and a start's lock (scripts/start-build.mjs). React
// Router's own clean-up would remove the whole folder, so it is off (vite.config.ts: emptyOutDir).
import { readdir, rm } from "node:fs/promises";
import { relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";

/** Names in BUILD_DIR a site build leaves alone. */
export const keptBesideSite = (name) => name === "releases" || name === "studio" || name.startsWith(".start-lock");

/** Removes everything in `buildDir` a site build makes (client/, server/, node/, security/, nginx/, .stamp, …). */
export async function cleanSite(buildDir) {
  const dir = resolve(buildDir);
  if (dir === resolve(".") || !relative(dir, resolve(".")).startsWith("..")) throw new Error(`BUILD_DIR must not hold the project: ${buildDir}`);
  const names = await readdir(dir).catch(() => []);
  await Promise.all(names.filter((name) => !keptBesideSite(name)).map((name) => rm(resolve(dir, name), { recursive: true, force: true })));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  // Plain Node (before the build): the schema's rule for BUILD_DIR by hand (empty or blank = build).
  // eslint-disable-next-line no-restricted-properties -- see above
  await cleanSite(resolve(process.env.BUILD_DIR?.trim() || "build"));
}

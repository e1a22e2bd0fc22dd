// `npm run build:studio`: the content studio's bundle (studio/vite.config.ts) built into a fresh
// folder beside STUDIO_DIR (default build/studio), then swapped in while servers keep serving it
// (decision 0069): the new hashed assets are moved in first, then index.html is replaced by one
// rename, so /keystatic never answers "not built" and a studio opened before the swap still finds
// its lazily loaded files. The files of the two latest builds are kept, older ones removed.
import { existsSync } from "node:fs";
import { mkdir, readFile, readdir, rename, rm, utimes, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const manifestName = ".builds.json";

/** Every file below `dir`, relative to it. */
async function filesBelow(dir) {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath ?? e.path, e.name).slice(dir.length + 1));
}

/**
 * Puts the studio built in `next` (index.html, assets/) into `studioDir` without a moment in which
 * either is missing, and removes `next`. `studioDir/.builds.json` lists the assets of the live
 * build and the one before it; every other asset is removed.
 */
export async function swapStudio(next, studioDir) {
  if (!existsSync(join(studioDir, "index.html"))) {
    await rm(studioDir, { recursive: true, force: true });
    await mkdir(dirname(studioDir), { recursive: true });
    await rename(next, studioDir);
    await writeFile(join(studioDir, manifestName), JSON.stringify({ live: await filesBelow(join(studioDir, "assets")), previous: [] }));
    return;
  }
  const manifestFile = join(studioDir, manifestName);
  // A studio built before this manifest existed: everything in its assets/ is the live build's.
  const before = existsSync(manifestFile) ? JSON.parse(await readFile(manifestFile, "utf8")).live : await filesBelow(join(studioDir, "assets"));
  const live = await filesBelow(join(next, "assets"));
  for (const file of live) {
    await mkdir(dirname(join(studioDir, "assets", file)), { recursive: true });
    // Content-hashed names: a file of the same name has the same bytes.
    await rename(join(next, "assets", file), join(studioDir, "assets", file));
  }
  await rename(join(next, "index.html"), join(studioDir, "index.html"));
  await writeFile(manifestFile, JSON.stringify({ live, previous: before }));
  const keep = new Set([...live, ...before]);
  for (const file of await filesBelow(join(studioDir, "assets"))) {
    if (!keep.has(file)) await rm(join(studioDir, "assets", file), { force: true });
  }
  await rm(next, { recursive: true, force: true });
}

/** Builds the studio into a fresh folder beside `studioDir`, then swaps it in. */
export async function buildStudio(studioDir, { startedAt = new Date(performance.timeOrigin) } = {}) {
  const next = `${studioDir}.next-${process.pid}`;
  const { build } = await import("vite");
  await build({ configFile: resolve("studio/vite.config.ts"), build: { outDir: next, emptyOutDir: true } });
  // Its age is the time the build began, as the site's stamp: code changed during the build is newer.
  await utimes(join(next, "index.html"), startedAt, startedAt);
  await swapStudio(next, studioDir);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  // Plain Node (before the build): the schema's rule for STUDIO_DIR by hand (empty or blank = build/studio).
  // eslint-disable-next-line no-restricted-properties -- see above
  await buildStudio(resolve(process.env.STUDIO_DIR?.trim() || "build/studio"));
}

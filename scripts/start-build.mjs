// What `npm start` (scripts/start.mjs) serves, and the one rule for building at start: never write
// into a folder a running server may serve (decision 0069). A start serves the newest complete build
// (BUILD_DIR itself or a published release, build/releases/<id>) when no source is newer than it;
// otherwise it builds a new release beside the others, so a server already running (a second
// instance, or the one this start replaces) keeps its site, its releases and the studio.
// Two starts at once take turns (a lock in BUILD_DIR): the second then finds the first's build.
import { cpSync, existsSync, readdirSync, renameSync, rmSync, statSync, utimesSync, mkdirSync } from "node:fs";
import { mkdir, readFile, rename, rm, symlink, writeFile } from "node:fs/promises";
import { basename, dirname, join, relative, resolve, sep } from "node:path";

/**
 * What a site build is made from besides its content, relative to the project: a build older than
 * any of it is built again (`npm start`, and the e2e runs' own builds, scripts/test-setup/analytics-site.mjs).
 */
export const siteCode = [
  "app",
  "server",
  "public",
  "scripts/build",
  "scripts/start.mjs",
  "scripts/start-build.mjs",
  "studio",
  "package.json",
  "vite.config.ts",
  "react-router.config.ts",
  "keystatic.config.ts",
];

/** The lock two starts on one checkout take turns with (kept by scripts/build/clean-site.mjs). */
export const startLockName = ".start-lock";

/** The newest mtime of a file or folder and everything below it (0 when it does not exist). */
export function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(s.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/** When a build began (its .stamp, written last: scripts/build/steps/stamp.mjs); 0 for an incomplete build. */
export function builtAt(dir) {
  const stamp = join(dir, ".stamp");
  return existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
}

/** A release id that sorts by time (as server/publish/site-build.ts names its releases). */
export const releaseId = (date = new Date()) => date.toISOString().replace(/[:.]/g, "-");

/** Every complete build a start may serve: BUILD_DIR and each release with its site and server, newest first. */
export function completeBuilds(buildDir, releasesDir) {
  const releases = existsSync(releasesDir)
    ? readdirSync(releasesDir)
        .filter((name) => /^\d{4}-/.test(name))
        .map((name) => join(releasesDir, name))
    : [];
  return [buildDir, ...releases]
    .map((dir) => ({ dir, at: builtAt(dir) }))
    .filter(({ dir, at }) => at > 0 && existsSync(join(dir, "client")) && existsSync(join(dir, "node/index.mjs")))
    .sort((a, b) => b.at - a.at);
}

const isAlive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
};

/**
 * Runs `work` while holding the start lock in `dir` (a folder made atomically, holding the
 * holder's pid). Another holder that is alive is waited for; a holder that died (a start killed
 * mid-build) leaves a lock that is taken over.
 */
export async function withStartLock(dir, work, { log = console.log, pollMs = 250 } = {}) {
  await mkdir(dir, { recursive: true });
  const lock = join(dir, startLockName);
  const privateName = (what) => join(dir, `${startLockName}-${what}-${process.pid}-${Math.random().toString(36).slice(2)}`);
  const holderOf = (folder) => readFile(join(folder, "pid"), "utf8").then(Number, () => 0);
  // Made complete (pid inside) under a private name, then renamed into place: a rename onto a
  // folder that is not empty fails, so exactly one start holds it, and it is never seen without its pid.
  const mine = privateName("new");
  await mkdir(mine);
  await writeFile(join(mine, "pid"), String(process.pid));
  let told = false;
  for (;;) {
    try {
      await rename(mine, lock);
      break;
    } catch (error) {
      if (!["EEXIST", "ENOTEMPTY"].includes(error.code)) throw error;
    }
    const holder = await holderOf(lock);
    if (holder && !isAlive(holder)) {
      // A start killed mid-build. Moved aside first, then checked: had another start taken it over
      // in between, the lock moved aside is that start's, and goes back.
      const aside = privateName("stale");
      if (
        await rename(lock, aside).then(
          () => true,
          () => false,
        )
      ) {
        const moved = await holderOf(aside);
        if (moved && isAlive(moved)) await rename(aside, lock).catch(() => {});
        else await rm(aside, { recursive: true, force: true });
      }
      continue;
    }
    if (!told) log(`Another npm start (pid ${holder || "?"}) is building into ${dir}: waiting for it…`);
    told = true;
    await new Promise((wait) => setTimeout(wait, pollMs));
  }
  // What a start killed while it waited left behind.
  for (const name of readdirSync(dir)) {
    const pid = Number(/^\.start-lock-\w+-(\d+)-/.exec(name)?.[1]);
    if (pid && !isAlive(pid)) await rm(join(dir, name), { recursive: true, force: true });
  }
  try {
    return await work();
  } finally {
    // Moved aside before it is removed: a waiting start takes the name at once, never a half-removed folder.
    const done = privateName("done");
    await rename(lock, done);
    await rm(done, { recursive: true, force: true });
  }
}

/** `releasesDir/current` → the release `id`, replaced by a rename (never missing), as publishing does. */
export async function pointCurrent(releasesDir, id) {
  const temporary = join(releasesDir, `.current-${process.pid}-${Date.now()}`);
  await symlink(id, temporary);
  await rename(temporary, join(releasesDir, "current"));
}

/**
 * Whether this instance's public releases come from the bucket (decision 0162): local storage, with
 * DATABASE_URL and the four OBJECT_STORAGE_* the server needs for a bucket (server/server-config.ts:
 * endpoint, bucket and key pair; blank is unset, as the environment schema reads them).
 */
export function releasesFromBucket(environment, local) {
  const set = (name) => !!environment[name]?.trim();
  return (
    local &&
    set("DATABASE_URL") &&
    ["OBJECT_STORAGE_ENDPOINT", "OBJECT_STORAGE_BUCKET", "OBJECT_STORAGE_ACCESS_KEY_ID", "OBJECT_STORAGE_SECRET_ACCESS_KEY"].every(set)
  );
}

/**
 * What a build must be no older than to be served: the code, and the content it is built from —
 * unless the releases come from the bucket (decision 0162). Then the content is the database's (each
 * tree follows the content history) and only the elected publisher builds it: a start serves the
 * newest build of this code it has, and the server takes the release the bucket's pointer names
 * before it answers. A build at start then happens only when this checkout's code is newer than every
 * build (the server runs from its build) or there is none.
 */
export function buildSources({ code, contentSource, fromBucket }) {
  return fromBucket ? code : [...code, contentSource];
}

/**
 * The build to serve: `{ dir, built }` (`built`: this start made it).
 * - `pinned` (CLIENT_DIR given: the e2e runs): BUILD_DIR, rebuilt in place when a source is newer.
 * - otherwise the newest complete build no source is newer than; when there is none, a new
 *   release in `releasesDir` (or BUILD_DIR itself while it holds no complete build: nothing can
 *   be served from it).
 * `newestSource()` is asked again after waiting for another start, which may have built meanwhile.
 * `buildSite(dir)` builds the site into `dir` (`npm run build:site` with BUILD_DIR=dir).
 */
export async function siteToServe({ buildDir, releasesDir, pinned = false, newestSource, buildSite, log = console.log }) {
  const fresh = () => {
    const newest = newestSource();
    if (pinned) return builtAt(buildDir) >= newest && builtAt(buildDir) > 0 ? { dir: buildDir } : undefined;
    const [best] = completeBuilds(buildDir, releasesDir);
    return best && best.at >= newest ? { dir: best.dir } : undefined;
  };
  const ready = fresh();
  if (ready) return { ...ready, built: false };
  return withStartLock(
    buildDir,
    async () => {
      const builtMeanwhile = fresh();
      if (builtMeanwhile) return { ...builtMeanwhile, built: false };
      const inPlace = pinned || builtAt(buildDir) === 0;
      const dir = inPlace ? buildDir : join(releasesDir, releaseId());
      log(`Building the site first (npm run build:site into ${dir})…`);
      await buildSite(dir);
      if (builtAt(dir) === 0) throw new Error(`the build into ${dir} finished without its stamp`);
      if (!inPlace) await pointCurrent(releasesDir, basename(dir));
      return { dir, built: true };
    },
    { log },
  );
}

/**
 * Brings the studio (STUDIO_DIR) up to date when its code is newer than it, under the same lock:
 * `buildStudio()` builds into a fresh folder and swaps it in (scripts/build/studio.mjs), so a
 * running server keeps answering /keystatic.
 */
export async function studioUpToDate({ studioDir, lockDir, newestCode, buildStudio, log = console.log }) {
  const stale = () => newestCode() > builtAtFile(join(studioDir, "index.html"));
  if (!stale()) return false;
  return withStartLock(
    lockDir,
    async () => {
      if (!stale()) return false;
      log(`Building the content studio first (npm run build:studio into ${studioDir})…`);
      await buildStudio();
      return true;
    },
    { log },
  );
}

const builtAtFile = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

/** Editor droppings and temporary files, as publishing's watcher ignores them: not content. */
const notContent = /(^|\/)(\.[^/]*|[^/]*~|[^/]*\.(swp|swx|tmp|part))$/;

/**
 * The published tree (decision 0159): the content the public build reads, `publishedDir`, made a
 * copy of the studio's working copy (CONTENT_DIR) when it does not exist yet — the first start after
 * drafts came, when everything in CONTENT_DIR was public already, so nothing changes for a visitor.
 * Files and folders keep their times (a copy is no newer than the build of the same content, so
 * the start serves that build without rebuilding). Copied under a private name and renamed into
 * place: a start killed half-way leaves no half tree. Returns whether it made it.
 */
export function ensurePublishedTree(workingDir, publishedDir) {
  if (existsSync(publishedDir)) return false;
  if (resolve(workingDir) === resolve(publishedDir)) throw new Error(`the published content cannot be CONTENT_DIR itself (${publishedDir})`);
  mkdirSync(dirname(publishedDir), { recursive: true });
  const partial = join(dirname(publishedDir), `.${basename(publishedDir)}-${process.pid}-${Date.now()}`);
  const folders = [];
  cpSync(workingDir, partial, {
    recursive: true,
    preserveTimestamps: true,
    filter: (source) => {
      const path = relative(workingDir, source).split(sep).join("/");
      if (path && notContent.test(path)) return false;
      if (statSync(source).isDirectory()) folders.push(path);
      return true;
    },
  });
  // cpSync keeps the files' times, not the folders': deepest first, so setting one changes no other.
  for (const path of folders.sort((a, b) => b.length - a.length)) {
    const { atime, mtime } = statSync(join(workingDir, path));
    utimesSync(join(partial, path), atime, mtime);
  }
  try {
    renameSync(partial, publishedDir);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    // Another start made it meanwhile: its copy stands.
    if (existsSync(publishedDir)) return false;
    throw error;
  }
  return true;
}

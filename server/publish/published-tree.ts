import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { basename, dirname, join, resolve, sep } from "node:path";

// The two trees of decision 0159: CONTENT_DIR is the studio's working copy (the drafts), and the
// published tree (PUBLISHED_CONTENT_DIR, by default DATA_DIR/published/content) is what the public
// build reads. Both are folders named "content" with the same layout, so a file is named the same
// in both: by its path from the tree's parent ("content/site.yaml"), as the studio names it.
// `npm start` makes the published tree at its first start (scripts/start-build.mjs, ensurePublishedTree).

/** Editor droppings and temporary files, as the watcher ignores them (watch-content.ts): not content. */
const ignored = /(^|\/)(\.[^/]*|[^/]*~|[^/]*\.(swp|swx|tmp|part))$/;

type Fingerprint = { size: number; mtimeMs: number; sha256: string };

/**
 * Reads a tree's files as path → SHA-256 (paths from the tree's parent, "content/…"). Hashes are
 * kept per file while its size and time are unchanged, so a listing after a save hashes only the
 * files the save wrote.
 */
export function treeReader() {
  const known = new Map<string, Fingerprint>();
  const hashOf = async (file: string): Promise<string> => {
    const found = await stat(file);
    const seen = known.get(file);
    if (seen && seen.size === found.size && seen.mtimeMs === found.mtimeMs) return seen.sha256;
    const sha256 = createHash("sha256")
      .update(await readFile(file))
      .digest("hex");
    known.set(file, { size: found.size, mtimeMs: found.mtimeMs, sha256 });
    return sha256;
  };
  return async function filesOf(treeDir: string): Promise<Map<string, string>> {
    const files = new Map<string, string>();
    const root = basename(treeDir);
    const walk = async (dir: string, prefix: string) => {
      const items = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return [];
        throw error;
      });
      for (const item of items) {
        const path = `${prefix}/${item.name}`;
        if (ignored.test(path)) continue;
        if (item.isDirectory()) await walk(join(dir, item.name), path);
        else if (item.isFile()) files.set(path, await hashOf(join(dir, item.name)));
      }
    };
    await walk(treeDir, root);
    return files;
  };
}

/** The paths whose files differ between two trees' readings (present in one only, or with other bytes), sorted. */
export function differingPaths(working: ReadonlyMap<string, string>, published: ReadonlyMap<string, string>): string[] {
  const paths = new Set([...working.keys(), ...published.keys()]);
  return [...paths].filter((path) => working.get(path) !== published.get(path)).sort();
}

/**
 * Writes `files` (paths from the tree's parent; bytes null: the file goes) into the tree at
 * `treeDir`, each by a rename of a complete file (a build reading meanwhile never sees half a
 * file); a folder a deletion leaves empty goes too.
 */
export async function writeTreeFiles(treeDir: string, files: ReadonlyArray<{ path: string; bytes: Buffer | null }>): Promise<void> {
  const base = dirname(treeDir);
  for (const { path, bytes } of files) {
    const target = resolve(base, path);
    if (!target.startsWith(`${resolve(treeDir)}${sep}`)) throw new Error(`${path} is not in ${treeDir}`);
    if (bytes === null) {
      await rm(target, { force: true });
      let folder = dirname(target);
      while (folder !== resolve(treeDir) && (await readdir(folder).catch(() => ["?"])).length === 0) {
        await rm(folder, { recursive: true, force: true });
        folder = dirname(folder);
      }
      continue;
    }
    await mkdir(dirname(target), { recursive: true });
    const partial = `${dirname(target)}/.${basename(target)}-${process.pid}-${Date.now()}.part`;
    await writeFile(partial, bytes);
    await rename(partial, target);
  }
}

/** A file's bytes in a tree (path from the tree's parent), or null when it is not there. */
export async function treeFile(treeDir: string, path: string): Promise<Buffer | null> {
  return readFile(resolve(dirname(treeDir), path)).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT" || error.code === "ENOTDIR" || error.code === "EISDIR") return null;
    throw error;
  });
}

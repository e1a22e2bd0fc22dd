import { createHash } from "node:crypto";
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { fileSha256 } from "./published-tree";
import { isIgnoredContentPath } from "./watch-content";

/**
 * The hash of a content tree (decision 0159): every file's path and bytes, in path order, so two
 * trees with the same files hash the same wherever they lie (the working copy, the published tree).
 * What the watcher ignores (editor droppings, hidden files and folders) is not content and not hashed.
 * A release is keyed by the hash of the tree it was built from. Each file is hashed as a stream
 * (`fileSha256`, decision 0189), so a tree of large photos is never held whole.
 */
export async function contentTreeHash(dir: string): Promise<string> {
  const lines: string[] = [];
  for (const path of (await contentFiles(dir)).sort()) {
    const sha256 = await fileSha256(join(dir, path));
    // A file removed since the folder was read (a save writing meanwhile) is no longer in the tree.
    if (sha256 !== null) lines.push(`${path}\0${sha256}\n`);
  }
  return createHash("sha256").update(lines.join("")).digest("hex");
}

/** The content files below dir, relative with "/"; a folder that does not exist holds none. */
async function contentFiles(dir: string, prefix = ""): Promise<string[]> {
  const entries = await readdir(join(dir, prefix), { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  const files: string[] = [];
  for (const entry of entries) {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.name.startsWith(".") || isIgnoredContentPath(path)) continue;
    const kind = entry.isSymbolicLink() ? await stat(join(dir, path)).catch(() => undefined) : entry;
    if (kind?.isDirectory()) files.push(...(await contentFiles(dir, path)));
    else if (kind?.isFile()) files.push(path);
  }
  return files;
}

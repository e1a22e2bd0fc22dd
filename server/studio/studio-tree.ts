import { createHash } from "node:crypto";
import type { Dirent } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import ignore from "ignore";
import { fileDigest, keptHashes } from "../publish/published-tree";
import type { TreeEntry } from "./studio-files";

// The tree of Keystatic's local mode (GET /api/keystatic/tree), answered by this server (decision
// 0193): Keystatic reads every file of its base folder whole, all at once, to give each its Git blob
// hash, so each time the studio loaded it held every photo of the content whole. This walk gives the
// same answer, byte for byte (its folders, their order, what .gitignore files leave out, each
// folder's Git tree hash), with each file hashed as a stream and kept while its size and time are
// unchanged. It walks only the top-level folders the studio's files are in: a folder's tree hash
// needs all of its files, and the studio is shown nothing else (`studioFiles().visible`). Since
// decision 0200 it is also the answer to a save (`content-saves.ts`), which Keystatic's `update` gave.

/** Git's blob hash (as Keystatic's tree gives it) of the file at `file`, of `size` bytes, read as a stream; null when there is none. */
const streamedBlobSha = (file: string, size: number) => fileDigest(file, createHash("sha1").update(`blob ${size}\0`));

/** Git's blob hash of the file at `file`, read as a stream (a photo is never read whole, decisions 0185 and 0193); null when there is none. */
export async function fileGitBlobSha(file: string): Promise<string | null> {
  const found = await stat(file).catch(() => null);
  if (!found?.isFile()) return null;
  return streamedBlobSha(file, found.size);
}

/** Names Keystatic never lists, wherever they are. */
const neverListed = new Set([".git", "node_modules", ".next"]);

type Filter = (path: string) => boolean;
type Ancestor = { segment: string; filter: Filter };
/** A folder of the tree: its files by their blob hash and its folders, each in the order Keystatic lists it. */
type Folder = Map<string, Folder | string>;

const modes = { tree: "040000", blob: "100644" } as const;

/** A folder's Git tree hash as Keystatic computes it: its entries sorted by name (a folder's with a "/" after it, compared as JavaScript strings). */
function treeSha(children: ReadonlyArray<{ name: string; mode: string; sha: string }>): string {
  const sortName = (entry: { name: string; mode: string }) => (entry.mode === modes.tree ? `${entry.name}/` : entry.name);
  const sorted = [...children].sort((a, b) => (sortName(a) === sortName(b) ? 0 : sortName(a) < sortName(b) ? -1 : 1));
  const body = Buffer.concat(sorted.flatMap((entry) => [Buffer.from(`${entry.mode.replace(/^0/, "")} ${entry.name}\0`), Buffer.from(entry.sha, "hex")]));
  return createHash("sha1").update(`tree ${body.byteLength}\0`).update(body).digest("hex");
}

/** The entries of `folder` (paths below `prefix`), each folder followed by its own, and the folder's children for its tree hash. */
function entriesOf(folder: Folder, prefix: string): { entries: TreeEntry[]; children: Array<{ name: string; mode: string; sha: string }> } {
  const entries: TreeEntry[] = [];
  const children: Array<{ name: string; mode: string; sha: string }> = [];
  for (const [name, node] of folder) {
    const path = prefix ? `${prefix}/${name}` : name;
    if (typeof node === "string") {
      entries.push({ path, mode: modes.blob, type: "blob", sha: node });
      children.push({ name, mode: modes.blob, sha: node });
      continue;
    }
    const inner = entriesOf(node, path);
    const sha = treeSha(inner.children);
    entries.push({ path, mode: modes.tree, type: "tree", sha }, ...inner.entries);
    children.push({ name, mode: modes.tree, sha });
  }
  return { entries, children };
}

/** The studio's tree as Keystatic's local API gives it (`read`), and what a save tells it (`forget`: the paths it wrote, from the API's base folder). */
export type StudioTree = { read(): Promise<TreeEntry[]>; forget(paths: Iterable<string>): void };

/**
 * The studio's tree of `baseDirectory` (the API's base folder) as Keystatic's `readToDirEntries`
 * gives it, for the top-level names `roots` (the studio's owned paths) start with: every file below
 * them not left out by a .gitignore, by Keystatic's rules (each folder's .gitignore applied to the
 * paths below it; .git, node_modules, .next and anything not a file or a folder never listed).
 * Each file's hash is kept per path while its size and modification time are unchanged (`keptHashes`),
 * or until a save `forget`s it (decision 0200: a save's answer is this tree too).
 */
export function studioTree(baseDirectory: string, roots: readonly string[]): StudioTree {
  const topLevel = new Set(roots.map((root) => root.split("/")[0]));
  const blobShaOf = keptHashes(streamedBlobSha);

  /** A folder's files and folders, in `readdir`'s order; a folder with no file left in it is absent, as in Keystatic's tree. */
  const walk = async (ancestors: readonly Ancestor[]): Promise<Folder> => {
    const folder: Folder = new Map();
    const segments = ancestors.map((ancestor) => ancestor.segment);
    const dir = join(baseDirectory, ...segments);
    const items: Dirent[] = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return [];
      throw error;
    });
    const gitignore = items.find((item) => item.isFile() && item.name === ".gitignore");
    const filter: Filter = gitignore
      ? ignore()
          .add(await readFile(join(dir, gitignore.name), "utf8"))
          .createFilter()
      : () => true;
    for (const item of items) {
      if ((!item.isDirectory() && !item.isFile()) || neverListed.has(item.name)) continue;
      if (ancestors.length === 0 && !topLevel.has(item.name)) continue;
      // Keystatic's own reading: this folder's .gitignore sees the path from the base folder, each
      // ancestor's the path from the folder that holds it.
      if (!filter(`${[...segments, item.name].join("/")}${item.isDirectory() ? "/" : ""}`)) continue;
      let path = item.name;
      let kept = true;
      for (let i = ancestors.length - 1; i >= 0 && kept; i--) {
        path = `${ancestors[i]!.segment}/${path}`;
        kept = ancestors[i]!.filter(path);
      }
      if (!kept) continue;
      const found = item.isDirectory() ? await walk([...ancestors, { segment: item.name, filter }]) : await blobShaOf(join(dir, item.name));
      if (typeof found === "string" || (found && found.size > 0)) folder.set(item.name, found);
    }
    return folder;
  };

  return {
    read: async () => entriesOf(await walk([]), "").entries,
    // A file a save rewrote may keep its size and time (the same tick of the file system's clock): its kept hash would be stale.
    forget: (paths) => {
      for (const path of paths) blobShaOf.forget(join(baseDirectory, path));
    },
  };
}

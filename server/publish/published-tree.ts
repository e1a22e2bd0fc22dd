import { createHash, randomBytes, type Hash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { basename, dirname, join, resolve, sep } from "node:path";
import { Readable, Transform } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { pipeline } from "node:stream/promises";
import type { FileState } from "../leads/content-history";

// The two trees of decision 0159: CONTENT_DIR is the studio's working copy (the drafts), and the
// published tree (PUBLISHED_CONTENT_DIR, by default DATA_DIR/published/content) is what the public
// build reads. Both are folders named "content" with the same layout, so a file is named the same
// in both: by its path from the tree's parent ("content/site.yaml"), as the studio names it.
// `npm start` makes the published tree at its first start (scripts/start-build.mjs, ensurePublishedTree).

/** Editor droppings and temporary files, as the watcher ignores them (watch-content.ts): not content. */
const ignored = /(^|\/)(\.[^/]*|[^/]*~|[^/]*\.(swp|swx|tmp|part))$/;

type Fingerprint = { size: number; mtimeMs: number; hash: string };

/**
 * A tree's files, relative to the tree's parent ("content/…"), each with where it lies; what the
 * watcher ignores is left out, and a tree that does not exist has none.
 */
export async function treeFiles(treeDir: string): Promise<Array<{ path: string; file: string }>> {
  const found: Array<{ path: string; file: string }> = [];
  const walk = async (dir: string, prefix: string) => {
    const items = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return [];
      throw error;
    });
    for (const item of items) {
      const path = `${prefix}/${item.name}`;
      if (ignored.test(path)) continue;
      if (item.isDirectory()) await walk(join(dir, item.name), path);
      else if (item.isFile()) found.push({ path, file: join(dir, item.name) });
    }
  };
  await walk(treeDir, basename(treeDir));
  return found;
}

/** A hash per file, kept while unchanged (`keptHashes`); `forget` drops a file's, so its next reading hashes it again. */
export type KeptHashes = ((file: string) => Promise<string | null>) & { forget(file: string): void };

/**
 * A file's hash by `hashFile` (given the size the file was found with), kept per file while its size
 * and modification time are unchanged, so a reading after a save hashes only the files the save
 * wrote (the drafts' listing; the studio's tree, decision 0193); null when there is no such file.
 * A writer that knows what it wrote `forget`s it: a file rewritten with the same size within one tick
 * of the file system's clock keeps its time (decision 0200).
 */
export function keptHashes(hashFile: (file: string, size: number) => Promise<string | null>): KeptHashes {
  const known = new Map<string, Fingerprint>();
  const hashOf = async (file: string) => {
    const found = await stat(file).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return null;
      throw error;
    });
    if (!found) return null;
    const seen = known.get(file);
    if (seen && seen.size === found.size && seen.mtimeMs === found.mtimeMs) return seen.hash;
    const hash = await hashFile(file, found.size);
    if (hash !== null) known.set(file, { size: found.size, mtimeMs: found.mtimeMs, hash });
    return hash;
  };
  return Object.assign(hashOf, { forget: (file: string) => void known.delete(file) });
}

/**
 * Reads a tree's files as path → SHA-256 (paths from the tree's parent, "content/…"), each hashed
 * as a stream (`fileSha256`: a photo is never held whole, decision 0189) and kept while unchanged
 * (`keptHashes`); a file gone between the folder's reading and its hashing is not in the tree.
 */
export function treeReader() {
  const hashOf = keptHashes((file) => fileSha256(file));
  return async function filesOf(treeDir: string): Promise<Map<string, string>> {
    const files = new Map<string, string>();
    for (const { path, file } of await treeFiles(treeDir)) {
      const sha256 = await hashOf(file);
      if (sha256 !== null) files.set(path, sha256);
    }
    return files;
  };
}

/** The paths whose files differ between two trees' readings (present in one only, or with other bytes), sorted. */
export function differingPaths(working: ReadonlyMap<string, string>, published: ReadonlyMap<string, string>): string[] {
  const paths = new Set([...working.keys(), ...published.keys()]);
  return [...paths].filter((path) => working.get(path) !== published.get(path)).sort();
}

/**
 * A photo written by its hash without being held whole (decision 0177): `open` gives its bytes as
 * a stream — a photo the history keeps (its row's, or the bucket's object as it arrives), or a file
 * of the other tree (a publish's, decision 0189: `openFile`).
 */
export type StreamedFile = { path: string; sha256: string; open: () => Promise<ReadableStream<Uint8Array> | Readable> };

/** What `writeTreeFiles` writes: bytes (null: the file goes), or a kept photo streamed by its hash. */
export type TreeFileWrite = { path: string; bytes: Buffer | null } | StreamedFile;

/** The bytes streamed for a kept photo are not the photo its hash names (a corrupted or replaced object): nothing was written. */
export class ContentHashMismatch extends Error {
  constructor(
    readonly path: string,
    readonly expected: string,
    readonly received: string,
  ) {
    super(`the bytes read for ${path} have SHA-256 ${received}, not ${expected} as the content history keeps it: refused, nothing written`);
    this.name = "ContentHashMismatch";
  }
}

/** A file's SHA-256, read as a stream (never whole in memory); null when there is no such file. */
export function fileSha256(file: string): Promise<string | null> {
  return fileDigest(file, createHash("sha256"));
}

/** A digest reads a file 1 MiB at a time: a 40 MB photo in 40 turns of the event loop rather than 640, still never whole. */
const digestChunkBytes = 1024 * 1024;

/** `hash` (already fed any prefix, e.g. Git's blob header) updated with a file read as a stream, in hex; null when there is no such file. */
export async function fileDigest(file: string, hash: Hash): Promise<string | null> {
  try {
    for await (const chunk of createReadStream(file, { highWaterMark: digestChunkBytes })) hash.update(chunk as Buffer);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR") return null;
    throw error;
  }
  return hash.digest("hex");
}

/** A file's bytes as a stream, read 1 MiB at a time (a photo a publish copies from one tree into the other, decision 0189). */
export const openFile = (file: string) => async (): Promise<Readable> => createReadStream(file, { highWaterMark: digestChunkBytes });

/** A kept photo streamed into a temporary file beside its place and checked: `commit` renames it over the place, `discard` removes it. */
export type StagedFile = { commit(): Promise<void>; discard(): Promise<void> };

/**
 * Streams a kept photo into a temporary file beside `target` without holding it whole (decision
 * 0177), hashing it as it passes: undefined (nothing to write) when the file there already has its
 * hash (hashed as a stream too); bytes whose SHA-256 is not the one the history names are refused
 * (ContentHashMismatch), the temporary file removed and the file there left as it was. A caller
 * that must record something first (a restore's revision) stages, records, then commits.
 */
export async function stageStreamedFile(target: string, file: Omit<StreamedFile, "path"> & { path?: string }): Promise<StagedFile | undefined> {
  if ((await fileSha256(target)) === file.sha256) return undefined;
  await mkdir(dirname(target), { recursive: true });
  const partial = `${dirname(target)}/.${basename(target)}-${process.pid}-${randomBytes(6).toString("hex")}.part`;
  const discard = () => rm(partial, { force: true });
  const hash = createHash("sha256");
  try {
    const opened = await file.open();
    const body = opened instanceof Readable ? opened : Readable.fromWeb(opened as NodeReadableStream<Uint8Array>);
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        done(null, chunk);
      },
    });
    await pipeline(body, hashing, createWriteStream(partial, { flags: "wx" }));
    const received = hash.digest("hex");
    if (received !== file.sha256) throw new ContentHashMismatch(file.path ?? target, file.sha256, received);
  } catch (error) {
    await discard();
    throw error;
  }
  return { commit: () => rename(partial, target), discard };
}

/** `stageStreamedFile`, then renamed into place at once; returns whether it wrote. */
export async function writeStreamedFile(target: string, file: Omit<StreamedFile, "path"> & { path?: string }): Promise<boolean> {
  const staged = await stageStreamedFile(target, file);
  await staged?.commit();
  return !!staged;
}

/** Where a file of a tree lies (path from the tree's parent); throws for a path outside the tree. */
export function treeTarget(treeDir: string, path: string): string {
  const target = resolve(dirname(treeDir), path);
  if (!target.startsWith(`${resolve(treeDir)}${sep}`)) throw new Error(`${path} is not in ${treeDir}`);
  return target;
}

/**
 * Writes `files` (paths from the tree's parent; bytes null: the file goes) into the tree at
 * `treeDir`, each by a rename of a complete file (a build reading meanwhile never sees half a
 * file); a folder a deletion leaves empty goes too. A kept photo is streamed (`writeStreamedFile`):
 * not written when the file there already has its hash. Returns how many files it changed.
 */
export async function writeTreeFiles(treeDir: string, files: ReadonlyArray<TreeFileWrite>): Promise<number> {
  let written = 0;
  for (const file of files) {
    const { path } = file;
    const target = treeTarget(treeDir, path);
    if ("open" in file) {
      if (await writeStreamedFile(target, file)) written++;
      continue;
    }
    const { bytes } = file;
    written++;
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
  return written;
}

/** A file's bytes whole, or null when there is none: for text files (YAML, Markdoc: a few kB); a photo is streamed. */
async function readWhole(file: string): Promise<Buffer | null> {
  return readFile(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT" || error.code === "ENOTDIR" || error.code === "EISDIR") return null;
    throw error;
  });
}

/** A file's bytes in a tree (path from the tree's parent), or null when it is not there; whole, so for text files (`stateOnDisk` names a photo by its hash). */
export async function treeFile(treeDir: string, path: string): Promise<Buffer | null> {
  return readWhole(resolve(dirname(treeDir), path));
}

/** A file as the history keeps it: text as text (YAML, Markdoc), anything else (photos) by hash. */
export function stateOf(bytes: Buffer | null, isMedia: boolean): FileState {
  if (bytes === null) return null;
  if (!isMedia && !bytes.includes(0)) {
    const text = bytes.toString("utf8");
    if (Buffer.from(text, "utf8").equals(bytes)) return { text };
  }
  return { bytes, sha256: createHash("sha256").update(bytes).digest("hex") };
}

/**
 * A file as it is now: a photo (under media/) by its SHA-256, hashed as a stream and never read
 * whole (decisions 0185, 0189: `recordRevision` keeps it from the file only if the history lacks
 * it, a publish copies it as a stream); any other file read whole (YAML and Markdoc: small) and kept
 * as `stateOf` says.
 */
export async function stateOnDisk(file: string, isMedia: boolean): Promise<FileState> {
  if (isMedia) {
    const sha256 = await fileSha256(file);
    return sha256 === null ? null : { onDisk: file, sha256 };
  }
  return stateOf(await readWhole(file), isMedia);
}

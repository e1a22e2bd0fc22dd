// The built site's files (build/client), listed once per build by the runner (run-steps.mjs). The
// pages and every other file that compresses well are held in memory: the steps read and rewrite
// them there, and `write()` puts what changed on disk, once, instead of each step walking the folder
// and rewriting the same pages again.
import { mkdir, readdir, readFile, rm, rmdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";

/**
 * Files worth precompressing, held in memory: pages, scripts, styles, data, SVG and text (`.data`:
 * a prerendered page's loader data, which the browser fetches when a visitor navigates to it).
 */
export const compressible = /\.(html|js|mjs|css|json|data|svg|xml|txt|webmanifest|map)$/;

/**
 * Folder order: a folder's entries by name, each folder's files right where the folder sorts
 * (`a/b` before `a-c`), the order Node's readdir gives, so files listed by hand compare equal.
 */
export function compareFilePaths(a, b) {
  const left = a.split("/");
  const right = b.split("/");
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    if (left[i] !== right[i]) return left[i] < right[i] ? -1 : 1;
  }
  return left.length - right.length;
}

/** Every file under `dir`, as paths relative to it with `/`, in folder order. */
export async function listFiles(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1).split("\\").join("/"))
    .sort(compareFilePaths);
}

export class ClientFiles {
  /** Lists `clientDir` and reads every compressible file into memory. */
  static async read(clientDir) {
    const paths = await listFiles(clientDir);
    const held = new Map();
    await Promise.all(
      paths.filter((path) => compressible.test(path)).map(async (path) => held.set(path, { bytes: await readFile(join(clientDir, path)) })),
    );
    return new ClientFiles(clientDir, paths, held);
  }

  #paths;
  #held;
  #changed = new Set();
  #removed = new Set();
  #written = false;

  constructor(dir, paths, held) {
    /** The client folder these paths are relative to. */
    this.dir = dir;
    this.#paths = new Set(paths);
    this.#held = held;
  }

  /** Every file of the site now, in folder order. */
  list() {
    return [...this.#paths].sort(compareFilePaths);
  }

  /** The pages (*.html), in folder order. */
  pages() {
    return this.list().filter((path) => path.endsWith(".html"));
  }

  has(path) {
    return this.#paths.has(path);
  }

  /** Whether the file is held in memory (compressible, or written by a step). */
  holds(path) {
    return this.#held.has(path);
  }

  text(path) {
    const file = this.#file(path);
    file.text ??= file.bytes.toString("utf8");
    return file.text;
  }

  bytes(path) {
    const file = this.#file(path);
    file.bytes ??= Buffer.from(file.text, "utf8");
    return file.bytes;
  }

  setText(path, text) {
    this.#set(path, { text });
  }

  setBytes(path, bytes) {
    this.#set(path, { bytes: Buffer.from(bytes) });
  }

  remove(path) {
    this.#writable(path);
    this.#paths.delete(path);
    this.#held.delete(path);
    this.#changed.delete(path);
    this.#removed.add(path);
  }

  /** Puts every change on disk, once; the folders a removal leaves empty go too. */
  async write() {
    this.#writable("the client files");
    this.#written = true;
    for (const path of this.#removed) {
      await rm(join(this.dir, path), { force: true });
      for (let folder = dirname(path); folder !== "."; folder = dirname(folder)) {
        const removed = await rmdir(join(this.dir, folder)).then(
          () => true,
          () => false,
        );
        if (!removed) break;
      }
    }
    for (const path of this.#changed) {
      await mkdir(dirname(join(this.dir, path)), { recursive: true });
      await writeFile(join(this.dir, path), this.bytes(path));
    }
    return { written: this.#changed.size, removed: this.#removed.size };
  }

  #file(path) {
    const file = this.#held.get(path);
    if (!file) throw new Error(`${join(this.dir, path)}: ${this.#paths.has(path) ? "not held in memory (not a compressible file)" : "not in the build"}`);
    return file;
  }

  #set(path, file) {
    this.#writable(path);
    this.#paths.add(path);
    this.#held.set(path, file);
    this.#changed.add(path);
    this.#removed.delete(path);
  }

  // A change after write() would never reach the disk: a step placed after write-client-files.
  #writable(path) {
    if (this.#written) throw new Error(`${path}: changed after the client files were written (scripts/build/run-steps.mjs: move the step before write-client-files)`);
  }
}

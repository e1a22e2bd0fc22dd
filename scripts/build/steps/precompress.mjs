// Every compressible file of at least 1 kB gets its .br and .gz (level 9) beside it, from the final
// bytes: nginx (gzip_static, deploy/site.conf) and the Node server send them as they are, so no
// request compresses anything. This step was a third of every build's and every publish's time
// (decision 0060), hence:
// - brotli quality 11 for scripts and styles, 6 for the pages and 10 for their loader data (.data)
//   (decisions 0187, 0205): a save the footer shows changes every page in four languages, 1,049
//   pages and data files, and at 10 and 11 their compression alone was ~15 s of a 60 s publish
//   window; 8 was 15 times faster than 10 for 8 % more bytes a page, and 6, two at a time on zlib's
//   threads, takes half of 8's time for 0.6 % more (127 bytes). The data at 10: half the time of 11
//   for 2.6 % more;
// - a cache by content hash: a publish recompresses only the files its content change changed (a
//   FAQ entry: two pages and their data in each language, not the 500 others nor the unchanged scripts);
// - the build's .br and .gz are hard links to the cache's entries (decision 0160): an unchanged
//   file's copies are the previous release's own, neither read nor written again, and a cache
//   entry some build still holds stays however old it is.
import { createHash } from "node:crypto";
import { copyFile, link, mkdir, readdir, rename, rm, stat, utimes, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { compressible } from "../client-files.mjs";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Smaller files are sent as they are: compressing them saves less than a packet. */
export const minCompressBytes = 1024;

/** Brotli quality for a file: the pages at 6, their data at 10, everything else at the maximum (decisions 0187, 0205). */
export const brotliQuality = (path) => (path.endsWith(".html") ? 6 : path.endsWith(".data") ? 10 : 11);

/** Beside the photo variants' cache; each build's working copies live in their own folders. */
export const defaultCacheDir = "node_modules/.cache/precompress";

/** Cache entries no build holds and none has made or copied for this long are removed. */
export const cacheKeepMs = 60 * 60 * 1000;

/** Writes through a temp name: two builds at once (a publish while the tests build) never see half a file. */
async function writeAtomically(file, bytes) {
  const temporary = `${file}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
  await writeFile(temporary, bytes);
  await rename(temporary, file);
}

/**
 * Puts the cache's `entry` at `target`: a hard link, so the bytes are on disk once and the entry's
 * link count says a build holds it (a release is never written to after its build, as
 * server/publish/adopt-release.ts, which links releases the same way, relies on). Where no link can
 * be made (another file system), a copy, and the entry's date is renewed instead so that the
 * clean-up keeps it.
 */
async function place(entry, target) {
  await rm(target, { force: true });
  try {
    await link(entry, target);
  } catch (error) {
    if (error.code !== "EXDEV" && error.code !== "EPERM" && error.code !== "EMLINK") throw error;
    await copyFile(entry, target);
    const now = new Date();
    await utimes(entry, now, now);
  }
}

/** Writes the file's .br and .gz beside it, from the cache when an earlier build made them; true when it did. */
async function placeCompressed(file, body, quality, cacheDir) {
  const key = createHash("sha256").update(`br${quality} gz9\0`).update(body).digest("hex").slice(0, 32);
  const entry = { br: join(cacheDir, `${key}.br`), gz: join(cacheDir, `${key}.gz`) };
  try {
    await place(entry.br, `${file}.br`);
    await place(entry.gz, `${file}.gz`);
    return true;
  } catch (error) {
    // Not cached (or removed meanwhile by another build's clean-up): compressed here.
    if (error.code !== "ENOENT") throw error;
  }
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzipped(body, { level: 9 }),
  ]);
  await writeAtomically(entry.br, br);
  await writeAtomically(entry.gz, gz);
  // Made just now, so no clean-up removes them before they are placed.
  await place(entry.br, `${file}.br`);
  await place(entry.gz, `${file}.gz`);
  return false;
}

/**
 * Removes the entries no build holds (one link: the cache's own) that are older than `keepAfter`.
 * The cache holds the last hour's builds, over ten thousand entries after a few publishes: looked at
 * a few dozen at a time, as one at a time their stats alone were half a second of every publish.
 */
async function removeUnused(cacheDir, keepAfter) {
  const names = await readdir(cacheDir);
  let next = 0;
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      for (let index = next++; index < names.length; index = next++) {
        const file = join(cacheDir, names[index]);
        const info = await stat(file).catch(() => undefined);
        if (info && info.nlink < 2 && info.mtimeMs < keepAfter) await rm(file, { force: true });
      }
    }),
  );
}

/** The step, with its cache folder (tests give each their own). */
export function precompressStep({ cacheDir = defaultCacheDir } = {}) {
  return {
    name: "precompress",
    async run({ files }) {
      const startedAt = Date.now();
      await mkdir(cacheDir, { recursive: true });
      const targets = files.list().filter((path) => compressible.test(path) && files.bytes(path).length >= minCompressBytes);
      // One file per core at a time on zlib's thread pool. All at once, every file's encoder and its
      // hash tables (16 MB at quality 8) were held together: 15 times the CPU of one at a time at
      // quality 8, 1.5 times at 10, as the memory was faulted in afresh (decision 0187).
      const fromCache = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: availableParallelism() }, async () => {
          for (let index = next++; index < targets.length; index = next++) {
            const path = targets[index];
            fromCache[index] = await placeCompressed(join(files.dir, path), files.bytes(path), brotliQuality(path), cacheDir);
          }
        }),
      );
      await removeUnused(cacheDir, Math.min(startedAt, Date.now() - cacheKeepMs));
      return `${targets.length} files (br, gz; ${fromCache.filter(Boolean).length} from the cache)`;
    },
  };
}

export const precompress = precompressStep();

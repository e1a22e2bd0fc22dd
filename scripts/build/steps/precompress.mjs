// Every compressible file of at least 1 kB gets its .br and .gz (level 9) beside it, from the final
// bytes: nginx (gzip_static, deploy/site.conf) and the Node server send them as they are, so no
// request compresses anything. This step was a third of every build's and every publish's time
// (decision 0060), hence:
// - brotli quality 11 for scripts, styles and data, 10 for the pages: 130 pages of ~90 kB took two
//   thirds of the step at 11, and 10 makes them 2.4 % larger (about 0.3 kB a page) in a third of the time;
// - a cache by content hash: a publish recompresses only the files its content change changed (a
//   FAQ entry: two pages and their data, not the 200 others nor the unchanged scripts).
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { compressible } from "../client-files.mjs";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Smaller files are sent as they are: compressing them saves less than a packet. */
export const minCompressBytes = 1024;

/** Brotli quality for a file: the pages at 10, everything else at the maximum (decision 0060). */
export const brotliQuality = (path) => (path.endsWith(".html") ? 10 : 11);

/** Beside the photo variants' cache; each build's working copies live in their own folders. */
export const defaultCacheDir = "node_modules/.cache/precompress";

/** Cache entries no build has used for this long are removed (the last build's are always kept). */
export const cacheKeepMs = 60 * 60 * 1000;

/** Writes through a temp name: two builds at once (a publish while the tests build) never see half a file. */
async function writeAtomically(file, bytes) {
  const temporary = `${file}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
  await writeFile(temporary, bytes);
  await rename(temporary, file);
}

/** The file's .br and .gz bytes, from the cache when an earlier build made them. */
async function compressed(body, quality, cacheDir) {
  const key = createHash("sha256").update(`br${quality} gz9\0`).update(body).digest("hex").slice(0, 32);
  const entry = { br: join(cacheDir, `${key}.br`), gz: join(cacheDir, `${key}.gz`) };
  try {
    const now = new Date();
    await Promise.all([utimes(entry.br, now, now), utimes(entry.gz, now, now)]);
    const [br, gz] = await Promise.all([readFile(entry.br), readFile(entry.gz)]);
    return { br, gz, fromCache: true };
  } catch {
    // Not cached (or removed meanwhile by another build's clean-up): compressed here.
  }
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzipped(body, { level: 9 }),
  ]);
  await writeAtomically(entry.br, br);
  await writeAtomically(entry.gz, gz);
  return { br, gz, fromCache: false };
}

async function removeUnused(cacheDir, keepAfter) {
  for (const name of await readdir(cacheDir)) {
    const file = join(cacheDir, name);
    const info = await stat(file).catch(() => undefined);
    if (info && info.mtimeMs < keepAfter) await rm(file, { force: true });
  }
}

/** The step, with its cache folder (tests give each their own). */
export function precompressStep({ cacheDir = defaultCacheDir } = {}) {
  return {
    name: "precompress",
    async run({ files }) {
      const startedAt = Date.now();
      await mkdir(cacheDir, { recursive: true });
      const targets = files.list().filter((path) => compressible.test(path) && files.bytes(path).length >= minCompressBytes);
      // zlib's thread pool works on several files at once.
      const fromCache = await Promise.all(
        targets.map(async (path) => {
          const file = join(files.dir, path);
          const { br, gz, fromCache } = await compressed(files.bytes(path), brotliQuality(path), cacheDir);
          await writeFile(`${file}.br`, br);
          await writeFile(`${file}.gz`, gz);
          return fromCache;
        }),
      );
      await removeUnused(cacheDir, Math.min(startedAt, Date.now() - cacheKeepMs));
      return `${targets.length} files (br, gz; ${fromCache.filter(Boolean).length} from the cache)`;
    },
  };
}

export const precompress = precompressStep();

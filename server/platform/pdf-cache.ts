// The build's PDFs cached on disk by a hash of everything that decides their bytes (decisions 0075,
// 0195): the line sheets and the company profiles, one cache and one way. A PDF whose input, layout
// and maker are unchanged is taken as it was written (its date with it, as a line sheet keeps its
// date of issue), so an unchanged file keeps its bytes from build to build and is not drawn again;
// any change makes it anew under another name. Node only.
import { createHash, type Hash } from "node:crypto";
import { createReadStream, existsSync, readFileSync } from "node:fs";
import { mkdir, rename, stat, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { photoCacheDir } from "../../app/lib/contracts/environment.server";
import { pdfFonts } from "./pdf-document";

const require = createRequire(import.meta.url);

/** The build's PDF cache: beside the photo variants' (PHOTO_CACHE_DIR's folder). */
export const pdfCacheDir = () => join(dirname(photoCacheDir()), "pdfs");

/** A package's version, from the package.json above the file it resolves to (pdfkit's exports leave package.json out). */
function packageVersion(name: string, from: NodeJS.Require): string {
  for (let dir = dirname(from.resolve(name)); dir !== dirname(dir); dir = dirname(dir)) {
    const file = join(dir, "package.json");
    if (!existsSync(file)) continue;
    const found = JSON.parse(readFileSync(file, "utf8")) as { name?: string; version?: string };
    if (found.name === name && found.version) return found.version;
  }
  throw new Error(`${name}: no package.json with its version`);
}

/** A part of a PDF's key: words, bytes, or a file's bytes (read as a stream: a photo is never whole in memory). */
export type PdfKeyPart = string | Uint8Array | { file: string };

async function update(hash: Hash, part: PdfKeyPart): Promise<void> {
  if (typeof part === "string" || part instanceof Uint8Array) {
    // Each part's length first: "ab" + "c" and "a" + "bc" are two keys.
    hash.update(`${typeof part === "string" ? Buffer.byteLength(part) : part.length}:`).update(part);
    return;
  }
  hash.update(`file ${(await stat(part.file)).size}:`);
  for await (const chunk of createReadStream(part.file)) hash.update(chunk as Buffer);
}

let maker: Promise<Buffer> | undefined;
/**
 * What draws every PDF, part of every key: pdfkit's version, its font subsetter fontkit's, and the
 * embedded fonts' files (hashed once per process). An upgrade of either, or another font, makes every PDF anew.
 */
function pdfMaker(): Promise<Buffer> {
  maker ??= (async () => {
    const hash = createHash("sha256");
    const parts: PdfKeyPart[] = [
      `pdfkit ${packageVersion("pdfkit", require)}`,
      `fontkit ${packageVersion("fontkit", createRequire(require.resolve("pdfkit")))}`,
      ...Object.values(pdfFonts).map((file) => ({ file })),
    ];
    for (const part of parts) await update(hash, part);
    return hash.digest();
  })();
  return maker;
}

export type CachedPdf = {
  /** Where the PDF lies in the cache: the build copies it from there. */
  cacheFile: string;
  bytes: number;
  /** Taken from the cache (not drawn in this call). */
  fromCache: boolean;
};

/**
 * The PDF `make` draws, from `dir` when one with the same key was made before, else drawn now and
 * written there. `key`: everything but the maker that decides its bytes (a layout version, bumped
 * when the drawing changes; what it shows, but where its files lie; the bytes of what it embeds).
 */
export async function cachedPdf(dir: string, key: readonly PdfKeyPart[], make: () => Promise<Buffer>): Promise<CachedPdf> {
  const hash = createHash("sha256").update(await pdfMaker());
  for (const part of key) await update(hash, part);
  const cacheFile = join(dir, `${hash.digest("hex").slice(0, 24)}.pdf`);
  const cached = await stat(cacheFile).catch(() => undefined);
  if (cached) return { cacheFile, bytes: cached.size, fromCache: true };
  const pdf = await make();
  await mkdir(dir, { recursive: true });
  // Written whole or not at all: an interrupted build leaves no half file under the final name.
  const temp = `${cacheFile}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
  await writeFile(temp, pdf);
  await rename(temp, cacheFile);
  return { cacheFile, bytes: pdf.length, fromCache: false };
}

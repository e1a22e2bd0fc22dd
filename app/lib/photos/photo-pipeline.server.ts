// Build-time photo pipeline (Node only). Every source photo under {CONTENT_DIR}/media/ becomes
// responsive AVIF and WebP variants, 360, 480, 640 and 960 px wide (never wider than the source;
// aspect kept, no crop). Variants are cached by content hash in node_modules/.cache/photos, so an unchanged photo
// is never encoded twice; their URLs carry the hash, so a replaced photo never shows stale.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { copyFile, mkdir, readFile, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, extname, join, relative, resolve } from "node:path";
import sharp, { type Metadata } from "sharp";
import { shownContentPath } from "../contracts/content-path";
import { photoCacheDir } from "../contracts/environment.server";
import type { PictureSources } from "./picture-sources";
import { formatBytes, maxPhotoBytes, maxPhotoPixels, photoExtensions, photoFormats, photoFormatsText } from "../contracts/photo-limits";

/**
 * Variant widths; a narrower source gets the widths below its own plus its own width. A phone draws
 * a grid card 45–46vw wide (170–195 CSS px): 360 serves a 1.75–2× screen, 640 a 2.6–3× one, which
 * with only 480 and 960 took the 960 (about twice the bytes); 960 is the dialog's large picture.
 */
export const photoWidths = [360, 480, 640, 960] as const;
const formats = {
  avif: { quality: 52, effort: 2 },
  webp: { quality: 78, effort: 4 },
} as const;
type VariantFormat = keyof typeof formats;
/** Part of every cache key: change it (or the settings above) and every photo is encoded anew. */
const pipelineVersion = JSON.stringify({ v: 1, photoWidths, formats });

export type PhotoVariant = { width: number; height: number; format: VariantFormat; url: string; cacheFile: string };
export type ProcessedPhoto = { publicPath: string; hash: string; width: number; height: number; variants: PhotoVariant[] };

/** A file the build refuses: the message names it (relative to the content folder's project) and says why. */
export class PhotoError extends Error {
  constructor(
    readonly file: string,
    reason: string,
  ) {
    super(`${file}: ${reason}`);
    this.name = "PhotoError";
  }
}

export type PhotoPipelineOptions = {
  /** The content root (CONTENT_DIR); public paths /media/… are files under {contentDir}/media/…. */
  contentDir: string;
  cacheDir?: string;
  /** Photos encoded at once (each encode also uses libvips threads). */
  concurrency?: number;
};

/** PHOTO_CACHE_DIR (app/lib/contracts/environment.server.ts). */
export const defaultPhotoCacheDir = photoCacheDir;

const isPhotoPath = (path: string) => (photoExtensions as readonly string[]).includes(extname(path).slice(1).toLowerCase());

/** Widths to make for a source `sourceWidth` px wide: never upscaled. */
export function variantWidths(sourceWidth: number): number[] {
  const largest = Math.min(sourceWidth, photoWidths[photoWidths.length - 1]!);
  return [...new Set([...photoWidths.filter((w) => w < largest), largest])];
}

export class PhotoPipeline {
  readonly contentDir: string;
  readonly cacheDir: string;
  /** Photos encoded by this pipeline (0 when every photo came from the cache). */
  encoded = 0;
  /** Photos served from the cache. */
  cacheHits = 0;
  private readonly concurrency: number;
  private readonly pending = new Map<string, Promise<ProcessedPhoto>>();

  constructor({ contentDir, cacheDir = defaultPhotoCacheDir(), concurrency = 2 }: PhotoPipelineOptions) {
    this.contentDir = resolve(contentDir);
    this.cacheDir = resolve(cacheDir);
    this.concurrency = concurrency;
  }

  /** The source file of a public path: /media/gallery/x.jpg → {contentDir}/media/gallery/x.jpg. */
  sourceFile(publicPath: string): string {
    if (!publicPath.startsWith("/media/") || publicPath.includes("..")) throw new Error(`${publicPath}: not a /media/ path`);
    return join(this.contentDir, publicPath);
  }

  /**
   * A file named as a person reads it: from the project holding the content folder
   * (content/media/…), whatever the working directory is; absolute if it lies outside that project.
   */
  private display(file: string) {
    return shownContentPath(file, this.contentDir);
  }

  /** Variants of one photo, from the cache or encoded now (once per process for the same path). */
  process(publicPath: string): Promise<ProcessedPhoto> {
    let job = this.pending.get(publicPath);
    if (!job) {
      job = this.run(publicPath);
      this.pending.set(publicPath, job);
    }
    return job;
  }

  /** Every path, `concurrency` at a time; throws one error naming every refused file. */
  async processAll(publicPaths: string[]): Promise<ProcessedPhoto[]> {
    const unique = [...new Set(publicPaths)];
    const results: ProcessedPhoto[] = new Array(unique.length);
    const errors: Error[] = [];
    let next = 0;
    const worker = async () => {
      while (next < unique.length) {
        const index = next++;
        try {
          results[index] = await this.process(unique[index]!);
        } catch (error) {
          errors.push(error as Error);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.concurrency, unique.length) }, worker));
    if (errors.length) throw new Error(`Photos the build cannot use:\n${errors.map((e) => e.message).join("\n")}`);
    return results;
  }

  /** The picture a page draws for this photo. */
  async picture(publicPath: string): Promise<PictureSources> {
    return pictureSources(await this.process(publicPath));
  }

  private async run(publicPath: string): Promise<ProcessedPhoto> {
    const file = this.sourceFile(publicPath);
    const shown = this.display(file);
    if (!isPhotoPath(file)) throw new PhotoError(shown, `must be a ${photoFormatsText} photo (this file is .${extname(file).slice(1) || "?"})`);
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) throw new PhotoError(shown, "file not found: a photo must be uploaded before it is shown");
    if (info.size > maxPhotoBytes) throw new PhotoError(shown, `is ${formatBytes(info.size)}: a photo must be at most ${formatBytes(maxPhotoBytes)}`);
    const bytes = await readFile(file);
    const hash = createHash("sha256").update(pipelineVersion).update(bytes).digest("hex").slice(0, 16);
    const entry = join(this.cacheDir, hash);
    const cached = await readFile(join(entry, "meta.json"), "utf8").catch(() => undefined);
    if (cached) {
      this.cacheHits++;
      return this.withUrls(publicPath, hash, JSON.parse(cached) as CacheMeta);
    }
    const meta = await this.encode(bytes, shown, entry);
    this.encoded++;
    return this.withUrls(publicPath, hash, meta);
  }

  private async encode(bytes: Buffer, shown: string, entry: string): Promise<CacheMeta> {
    let source: Metadata;
    try {
      source = await sharp(bytes, { limitInputPixels: maxPhotoPixels }).metadata();
    } catch (error) {
      throw new PhotoError(shown, `cannot be read: a photo must be a ${photoFormatsText} file (${(error as Error).message})`);
    }
    if (!(photoFormats as readonly string[]).includes(source.format ?? "")) {
      throw new PhotoError(shown, `is ${source.format ?? "an unknown format"} inside: a photo must be ${photoFormatsText}`);
    }
    if ((source.width ?? 0) * (source.height ?? 0) > maxPhotoPixels) {
      throw new PhotoError(shown, `is ${source.width} × ${source.height} px: a photo must be at most ${maxPhotoPixels / 1e6} megapixels`);
    }
    // One decode: turned upright (EXIF), scaled to the largest variant, kept raw for the encoders.
    const widths = variantWidths((source.orientation ?? 1) >= 5 ? source.height! : source.width!);
    const master = await sharp(bytes, { limitInputPixels: maxPhotoPixels })
      .rotate()
      .resize({ width: widths[widths.length - 1], withoutEnlargement: true })
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width, height, channels } = master.info;
    const temp = `${entry}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
    await mkdir(temp, { recursive: true });
    const variants: CacheMeta["variants"] = [];
    for (const w of widths) {
      const h = Math.max(1, Math.round((w * height) / width));
      for (const format of Object.keys(formats) as VariantFormat[]) {
        const image = sharp(master.data, { raw: { width, height, channels } }).resize(w, h);
        const out = format === "avif" ? image.avif(formats.avif) : image.webp(formats.webp);
        await out.toFile(join(temp, `${w}w.${format}`));
        variants.push({ width: w, height: h, format });
      }
    }
    const meta: CacheMeta = { width, height, variants };
    await writeFile(join(temp, "meta.json"), JSON.stringify(meta));
    // A finished entry appears at once (rename) or not at all: an interrupted build leaves no half entry.
    await mkdir(this.cacheDir, { recursive: true });
    await rename(temp, entry).catch(async (error: NodeJS.ErrnoException) => {
      if (!existsSync(join(entry, "meta.json"))) throw error;
      await rm(temp, { recursive: true, force: true }); // another build finished the same photo first
    });
    return meta;
  }

  private withUrls(publicPath: string, hash: string, meta: CacheMeta): ProcessedPhoto {
    const stem = publicPath.slice(0, -extname(publicPath).length);
    const short = hash.slice(0, 10);
    return {
      publicPath,
      hash,
      width: meta.width,
      height: meta.height,
      variants: meta.variants.map((v) => ({
        ...v,
        url: `${stem}-${short}-${v.width}w.${v.format}`,
        cacheFile: join(this.cacheDir, hash, `${v.width}w.${v.format}`),
      })),
    };
  }

  /**
   * Every file under {contentDir}/media as a public path (/media/…), but the certificate records'
   * files (media/certificates/: PDFs and scans published as they are, by the certificate-files step).
   */
  async mediaPaths(): Promise<string[]> {
    const root = join(this.contentDir, "media");
    if (!existsSync(root)) return [];
    const paths: string[] = [];
    const walk = async (dir: string) => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) {
          if (path !== join(root, "certificates")) await walk(path);
        } else if (entry.isFile() && !entry.name.startsWith(".")) paths.push(`/${relative(this.contentDir, path).split("\\").join("/")}`);
      }
    };
    await walk(root);
    return paths.sort();
  }

  /**
   * Publishes {contentDir}/media into a built site: the variants of every photo (never the original,
   * which may weigh megabytes). Any other file there is refused, naming it: the studio stores only photos.
   */
  async publish(clientDir: string): Promise<{ photos: number; files: number }> {
    const photos = await this.processAll(await this.mediaPaths());
    let files = 0;
    for (const photo of photos) {
      for (const variant of photo.variants) {
        const target = join(clientDir, variant.url);
        await mkdir(dirname(target), { recursive: true });
        await copyFile(variant.cacheFile, target);
        files++;
      }
    }
    return { photos: photos.length, files };
  }
}

type CacheMeta = { width: number; height: number; variants: { width: number; height: number; format: VariantFormat }[] };

/** srcset strings and the fallback of a processed photo. */
export function pictureSources(photo: ProcessedPhoto): PictureSources {
  const set = (format: VariantFormat) =>
    photo.variants
      .filter((v) => v.format === format)
      .map((v) => `${v.url} ${v.width}w`)
      .join(", ");
  const largestWebp = photo.variants.filter((v) => v.format === "webp").at(-1)!;
  return { src: largestWebp.url, width: largestWebp.width, height: largestWebp.height, avifSrcSet: set("avif"), webpSrcSet: set("webp") };
}

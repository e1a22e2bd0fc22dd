// `npm run bench:photos`: what the photo pipeline adds to a build. Encodes every photo under
// content/media (CONTENT_DIR) into an empty cache (cold), then again (warm: nothing is encoded), and
// one 12-megapixel photo-like JPEG; prints seconds, counts and the size of its 480w AVIF.
import { mkdtemp, readFile, rm, stat, writeFile, mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

// The pipeline is TypeScript: bundle it (its packages stay external, so the bundle sits inside the
// project to find them) and import the result.
await mkdir("node_modules/.cache", { recursive: true });
const outdir = await mkdtemp(join("node_modules/.cache", "bench-photos-"));
await build({
  entryPoints: {
    pipeline: "app/lib/photos/photo-pipeline.server.ts",
    testPhotos: "test-support/photos.ts",
    environment: "app/lib/contracts/environment.server.ts",
  },
  bundle: true,
  platform: "node",
  format: "esm",
  packages: "external",
  outdir,
  logLevel: "warning",
});
await writeFile(join(outdir, "package.json"), '{"type":"module"}');
const { PhotoPipeline } = await import(pathToFileURL(resolve(outdir, "pipeline.js")).href);
const { photoLikeJpeg } = await import(pathToFileURL(resolve(outdir, "testPhotos.js")).href);

const { contentDir: contentDirOf } = await import(pathToFileURL(resolve(outdir, "environment.js")).href);
const contentDir = contentDirOf();
const cacheDir = join(outdir, "cache");
const seconds = (start) => ((performance.now() - start) / 1000).toFixed(1);

for (const run of ["cold", "warm"]) {
  const pipeline = new PhotoPipeline({ contentDir, cacheDir });
  const start = performance.now();
  const photos = await pipeline.processAll(await pipeline.mediaPaths());
  console.log(`${run} cache: ${photos.length} photos in ${seconds(start)} s (${pipeline.encoded} encoded, ${pipeline.cacheHits} from the cache)`);
}

const big = join(outdir, "content");
await mkdir(join(big, "media/gallery"), { recursive: true });
await writeFile(join(big, "media/gallery/twelve-mp.jpg"), await photoLikeJpeg(4000, 3000));
const pipeline = new PhotoPipeline({ contentDir: big, cacheDir });
const start = performance.now();
const photo = await pipeline.process("/media/gallery/twelve-mp.jpg");
const sizes = await Promise.all(photo.variants.map(async (v) => `${v.width}w ${v.format} ${(await stat(v.cacheFile)).size} B`));
console.log(
  `12 MP JPEG (4000 × 3000, ${(await readFile(join(big, "media/gallery/twelve-mp.jpg"))).length} B): encoded in ${seconds(start)} s → ${sizes.join(", ")}`,
);
await rm(outdir, { recursive: true, force: true });

// @vitest-environment node
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { maxPhotoBytes, photoUploadProblem } from "../contracts/photo-limits";
import { PhotoPipeline, pictureSources, variantWidths } from "./photo-pipeline.server";
import { photoLikeJpeg } from "../../../test-support/photos";

let root: string;
let contentDir: string;
let cacheDir: string;
const twelveMp = "/media/gallery/men/tshirt/photos/0/image.jpg";

async function put(publicPath: string, bytes: Buffer) {
  const file = join(contentDir, publicPath);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, bytes);
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "photo-pipeline-"));
  contentDir = join(root, "content");
  cacheDir = join(root, "cache");
  await put(twelveMp, await photoLikeJpeg(4000, 3000));
}, 60_000);

afterAll(() => rm(root, { recursive: true, force: true }));

describe("PhotoPipeline", () => {
  it("turns a 12-megapixel JPEG into AVIF and WebP at 360, 480, 640 and 960 px, aspect kept, 480w AVIF at most 150 kB", async () => {
    const pipeline = new PhotoPipeline({ contentDir, cacheDir });
    const photo = await pipeline.process(twelveMp);
    expect(pipeline.encoded).toBe(1);
    expect(photo.variants.map((v) => [v.width, v.height, v.format])).toEqual([
      [360, 270, "avif"],
      [360, 270, "webp"],
      [480, 360, "avif"],
      [480, 360, "webp"],
      [640, 480, "avif"],
      [640, 480, "webp"],
      [960, 720, "avif"],
      [960, 720, "webp"],
    ]);
    for (const variant of photo.variants) {
      const meta = await sharp(variant.cacheFile).metadata();
      expect([meta.width, meta.height], variant.url).toEqual([variant.width, variant.height]);
      expect(meta.format, variant.url).toBe(variant.format === "avif" ? "heif" : "webp");
    }
    const avif480 = photo.variants.find((v) => v.format === "avif" && v.width === 480)!;
    const bytes = (await stat(avif480.cacheFile)).size;
    console.log(`12 MP JPEG → 480w AVIF: ${bytes} bytes`);
    expect(bytes).toBeLessThanOrEqual(150_000);
    expect(bytes).toBeGreaterThan(2_000); // a real picture, not an empty file
    expect(avif480.url).toMatch(/^\/media\/gallery\/men\/tshirt\/photos\/0\/image-[0-9a-f]{10}-480w\.avif$/);
    const url = (i: number) => photo.variants[i]!.url;
    expect(pictureSources(photo)).toEqual({
      src: photo.variants[7]!.url,
      width: 960,
      height: 720,
      avifSrcSet: `${url(0)} 360w, ${url(2)} 480w, ${url(4)} 640w, ${url(6)} 960w`,
      webpSrcSet: `${url(1)} 360w, ${url(3)} 480w, ${url(5)} 640w, ${url(7)} 960w`,
    });
  }, 60_000);

  it("encodes nothing on a second run with the same photos: every one comes from the cache", async () => {
    const first = await new PhotoPipeline({ contentDir, cacheDir }).process(twelveMp);
    const second = new PhotoPipeline({ contentDir, cacheDir });
    const again = await second.process(twelveMp);
    expect(second.encoded).toBe(0);
    expect(second.cacheHits).toBe(1);
    expect(again).toEqual(first);
  }, 60_000);

  it("encodes a photo again when its content changes, under a new URL", async () => {
    const path = "/media/gallery/men/tshirt/photos/1/image.jpg";
    await put(path, await photoLikeJpeg(800, 1000, 7));
    const before = await new PhotoPipeline({ contentDir, cacheDir }).process(path);
    await put(path, await photoLikeJpeg(800, 1000, 8));
    const pipeline = new PhotoPipeline({ contentDir, cacheDir });
    const after = await pipeline.process(path);
    expect(pipeline.encoded).toBe(1);
    expect(after.variants[0]!.url).not.toBe(before.variants[0]!.url);
  }, 60_000);

  it("never upscales: a 300 px PNG gets one 300 px variant per format; a 600 px WebP 360, 480 and 600", async () => {
    expect(variantWidths(300)).toEqual([300]);
    expect(variantWidths(600)).toEqual([360, 480, 600]);
    expect(variantWidths(4000)).toEqual([360, 480, 640, 960]);
    await put(
      "/media/gallery/small.png",
      await sharp(await photoLikeJpeg(300, 400))
        .png()
        .toBuffer(),
    );
    const photo = await new PhotoPipeline({ contentDir, cacheDir }).process("/media/gallery/small.png");
    expect(photo.variants.map((v) => `${v.width}x${v.height}.${v.format}`)).toEqual(["300x400.avif", "300x400.webp"]);
  }, 60_000);

  it("turns a photo taken sideways upright (EXIF orientation)", async () => {
    const sideways = await sharp(await photoLikeJpeg(1200, 900))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    await put("/media/gallery/sideways.jpg", sideways);
    const photo = await new PhotoPipeline({ contentDir, cacheDir }).process("/media/gallery/sideways.jpg");
    expect([photo.width, photo.height]).toEqual([900, 1200]);
  }, 60_000);

  it("refuses another format, a format hidden behind a photo name and an oversize file, naming each file", async () => {
    const gif = await sharp(await photoLikeJpeg(50, 50))
      .gif()
      .toBuffer();
    // Removed even when an expectation fails, so the next tests see only good photos.
    onTestFinished(() => rm(join(contentDir, "media/gallery/bad"), { recursive: true, force: true }));
    await put("/media/gallery/bad/anim.gif", gif);
    await put("/media/gallery/bad/renamed.jpg", gif);
    await put("/media/gallery/bad/huge.jpg", Buffer.alloc(maxPhotoBytes + 1, 1));
    const pipeline = new PhotoPipeline({ contentDir, cacheDir });
    // Named from the content folder's project, as the editor sees it, from any working directory.
    const refusal = (publicPath: string) =>
      pipeline.process(publicPath).then(
        () => "accepted",
        (error: Error) => error.message,
      );
    expect(await refusal("/media/gallery/bad/anim.gif")).toBe("content/media/gallery/bad/anim.gif: must be a JPEG, PNG or WebP photo (this file is .gif)");
    expect(await refusal("/media/gallery/bad/renamed.jpg")).toBe("content/media/gallery/bad/renamed.jpg: is gif inside: a photo must be JPEG, PNG or WebP");
    expect(await refusal("/media/gallery/bad/huge.jpg")).toBe("content/media/gallery/bad/huge.jpg: is 10.0 MB: a photo must be at most 10.0 MB");
    // All at once: one error listing every refused file, so the editor fixes them in one go.
    const all = pipeline.processAll(["/media/gallery/bad/anim.gif", "/media/gallery/bad/huge.jpg", twelveMp]);
    await expect(all).rejects.toThrow(/Photos the build cannot use:\n.*anim\.gif: .*\n.*huge\.jpg: /);
    expect(pipeline.encoded).toBe(0);
  }, 60_000);

  it("publishes the variants of every photo under media/ into the site, never the originals", async () => {
    const client = join(root, "client");
    // A certificate record's file (decision 0076) is not a photo: the certificate-files step publishes it as it is.
    await put("/media/certificates/gots/file.pdf", Buffer.from("%PDF-1.7 fixture"));
    const pipeline = new PhotoPipeline({ contentDir, cacheDir });
    const { photos, files } = await pipeline.publish(client);
    expect(photos).toBe(4);
    expect(pipeline.encoded).toBe(0);
    const published = await readdir(join(client, "media/gallery/men/tshirt/photos/0"));
    expect(published.sort()).toEqual((await pipeline.process(twelveMp)).variants.map((v) => v.url.split("/").at(-1)).sort());
    // Four widths × two formats, but the 300 px PNG: its own width only.
    expect(files).toBe(8 + 8 + 2 + 8);
    expect(existsSync(join(client, twelveMp))).toBe(false);
  }, 60_000);
});

describe("photoUploadProblem (the studio's check before a save)", () => {
  it("takes JPEG, PNG and WebP up to 10 MB and says why anything else is refused", () => {
    expect(photoUploadProblem({ extension: "JPG", byteLength: maxPhotoBytes })).toBeUndefined();
    expect(photoUploadProblem({ extension: "webp", byteLength: 1 })).toBeUndefined();
    expect(photoUploadProblem({ extension: "gif", byteLength: 1 })).toBe("must be a JPEG, PNG or WebP photo (this file is .gif)");
    expect(photoUploadProblem({ extension: "png", byteLength: maxPhotoBytes + 1 })).toBe("is 10.0 MB: a photo may be at most 10.0 MB");
  });
});

import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { PhotoPipeline } from "../../../app/lib/photos/photo-pipeline.server.ts";
import { photoLikeJpeg } from "../../../test-support/photos.ts";
import { tempBuild } from "../temp-build.mjs";
import { photos } from "./photos.mjs";

let build;
let contentDir = "";
afterEach(async () => {
  await build?.remove();
  await rm(contentDir, { recursive: true, force: true });
});

describe("photos step", () => {
  it("puts the variants of every photo of content/media into the site, encoding each photo once", async () => {
    contentDir = await mkdtemp(join(tmpdir(), "ssl-photos-step-"));
    await mkdir(join(contentDir, "media/gallery"), { recursive: true });
    await writeFile(join(contentDir, "media/gallery/shirt.jpg"), await photoLikeJpeg(400, 300));
    build = await tempBuild();
    const pipeline = () => new PhotoPipeline({ contentDir, cacheDir: join(contentDir, ".cache") });
    const first = pipeline();
    const summary = await photos.run(build, first);
    const variants = Number(summary.match(/^1 photos, (\d+) variants/)?.[1]);
    expect(variants).toBeGreaterThan(0);
    expect(first.encoded).toBe(1);
    const media = (await first.processAll(await first.mediaPaths()))[0].variants.map((variant) => variant.url);
    expect(media).toHaveLength(variants);
    for (const url of media) expect(existsSync(join(build.buildDir, "client", url))).toBe(true);
    const again = pipeline();
    await photos.run(build, again);
    expect([again.encoded, again.cacheHits]).toEqual([0, 1]);
  }, 60_000);
});

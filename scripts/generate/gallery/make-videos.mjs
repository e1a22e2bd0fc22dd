// `npm run gallery:videos`: the three tiny sample videos (and posters) of the gallery:
// public/videos/gallery-{fashion,hometextile,nontextile}.mp4 + .webp. Needs ffmpeg with libx264.
// Each video: three 640 × 360 slides of sample products, cross-faded, silent, about 7 s, ~100 kB.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { drawProduct } from "./draw.mjs";

const videos = {
  fashion: ["bag", "cap", "luggage"],
  hometextile: ["bedcover", "cushioncover", "curtain"],
  nontextile: ["basket", "crockery", "toy"],
};
const outDir = new URL("../../../public/videos/", import.meta.url).pathname;
mkdirSync(outDir, { recursive: true });
const work = mkdtempSync(join(tmpdir(), "gallery-videos-"));

try {
  for (const [family, items] of Object.entries(videos)) {
    const slides = [];
    for (let slide = 0; slide < 3; slide++) {
      const tiles = await Promise.all(
        items.map(async (item, i) => ({
          input: await sharp(Buffer.from(drawProduct(family, item, slide + i)))
            .resize(200, 250)
            .png()
            .toBuffer(),
          left: 14 + i * 209,
          top: 55,
        })),
      );
      const file = join(work, `${family}-${slide}.png`);
      await sharp({ create: { width: 640, height: 360, channels: 3, background: "#0b3a7e" } })
        .composite(tiles)
        .png()
        .toFile(file);
      slides.push(file);
    }
    await sharp(slides[0])
      .webp({ quality: 70 })
      .toFile(join(outDir, `gallery-${family}.webp`));
    execFileSync("ffmpeg", [
      "-y",
      "-loglevel",
      "error",
      ...slides.flatMap((s) => ["-loop", "1", "-t", "2.5", "-i", s]),
      "-filter_complex",
      "[0][1]xfade=transition=fade:duration=0.5:offset=2[a];[a][2]xfade=transition=fade:duration=0.5:offset=4,format=yuv420p",
      "-c:v",
      "libx264",
      "-preset",
      "slow",
      "-crf",
      "30",
      "-r",
      "24",
      "-movflags",
      "+faststart",
      "-an",
      join(outDir, `gallery-${family}.mp4`),
    ]);
    console.log(`public/videos/gallery-${family}.mp4`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

// `npm run gallery:images`: draws the sample product photos public/data.json points at and writes
// their responsive variants. Run it after adding a local image to data.json; the output is committed,
// so the build never encodes images (a clean clone builds in seconds).
//
// For every local entry /images/gallery/{family}/{name}.webp it writes, next to it:
//   {name}.webp, {name}.avif            960 × 1200 (the overlay and 2× screens)
//   {name}-480w.webp, {name}-480w.avif  480 × 600  (grid cells and index covers)
// Existing files are kept unless --force is given. Entries that are https URLs are left alone.
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import sharp from "sharp";
import { canvas, drawProduct, hasDrawing } from "./draw.mjs";

const force = process.argv.includes("--force");
const publicDir = new URL("../../public/", import.meta.url).pathname;
const data = JSON.parse(readFileSync(join(publicDir, "data.json"), "utf8"));

// [url, family, item, colourway] for every local image, once each.
const jobs = new Map();
for (const category of data) {
  for (const sub of category.subcategories ?? []) {
    sub.images.forEach((url, index) => jobs.set(url, [category.category, sub.name, index]));
  }
}
for (const category of data) {
  for (const url of category.images ?? []) if (!jobs.has(url)) jobs.set(url, [category.category, category.subcategories?.[0]?.name, 0]);
}

const widths = [480, canvas.width];
let written = 0;
for (const [url, [family, item, index]] of jobs) {
  if (!url.startsWith("/images/gallery/") || !url.endsWith(".webp")) continue;
  if (!hasDrawing(item)) {
    console.warn(`skip ${url}: no drawing for "${item}"`);
    continue;
  }
  const base = join(publicDir, url.slice(1, -".webp".length));
  const targets = widths.flatMap((w) => ["webp", "avif"].map((ext) => ({ w, ext, file: `${base}${w === canvas.width ? "" : `-${w}w`}.${ext}` })));
  if (!force && targets.every((t) => existsSync(t.file))) continue;
  mkdirSync(dirname(base), { recursive: true });
  const svg = Buffer.from(drawProduct(family, item, index));
  for (const { w, ext, file } of targets) {
    const image = sharp(svg, { density: 72 }).resize(w, Math.round((w * canvas.height) / canvas.width));
    await (ext === "webp" ? image.webp({ quality: 78, effort: 4 }) : image.avif({ quality: 52, effort: 2 })).toFile(file);
    written++;
  }
}
console.log(`gallery images: ${written} files written (${jobs.size} images in data.json)`);

// Build-time access to public/data.json (Node only: prerender list, route loaders, tests).
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { galleryCatalog, galleryItemPath } from "../../content/gallery-catalog";
import { type GalleryData, parseGalleryData } from "../../content/gallery-data.schema";
import { galleryImageSources, videoPoster } from "./gallery-image-sources";

const defaultPublicDir = resolve("public");

/** Files a local media URL needs on disk: the image and its variants, or the video and its poster. */
function requiredFiles(url: string): string[] {
  if (!url.startsWith("/")) return [];
  const { avifSrcSet, webpSrcSet } = galleryImageSources(url);
  const variants = [avifSrcSet, webpSrcSet].flatMap((set) => set?.split(", ").map((entry) => entry.split(" ")[0] ?? entry) ?? []);
  const poster = url.endsWith(".mp4") ? videoPoster(url) : undefined;
  return [url, ...variants, ...(poster ? [poster] : [])];
}

/** Problems that the schema cannot see: missing files and disagreement with the label catalogue. */
export function galleryDataProblems(data: GalleryData, publicDir = defaultPublicDir): string[] {
  const problems: string[] = [];
  for (const c of data) {
    const where = (s?: string) => `public/data.json: ${c.category}${s ? ` > ${s}` : ""}`;
    for (const url of [...(c.images ?? []), ...(c.video ? [c.video] : [])]) {
      for (const file of requiredFiles(url)) {
        if (!existsSync(join(publicDir, file))) problems.push(`${where()}: missing file public${file} (run npm run gallery:images)`);
      }
    }
    for (const s of c.subcategories ?? []) {
      for (const url of [...s.images, ...(s.video ? [s.video] : [])]) {
        for (const file of requiredFiles(url)) {
          if (!existsSync(join(publicDir, file))) problems.push(`${where(s.name)}: missing file public${file} (run npm run gallery:images)`);
        }
      }
    }
  }
  const dataPaths = new Set(galleryDataPaths(data));
  const catalogPaths = new Set(galleryCatalog.flatMap((f) => f.items.map((i) => galleryItemPath(f.slug, i.slug))));
  for (const p of dataPaths) if (!catalogPaths.has(p)) problems.push(`public/data.json: ${p} has no label in app/content/gallery-catalog.ts`);
  for (const p of catalogPaths) if (!dataPaths.has(p)) problems.push(`app/content/gallery-catalog.ts: ${p} has no entry in public/data.json`);
  return problems;
}

/** Reads, validates and checks public/data.json; throws naming every bad entry (fails the build). */
export function readGalleryData(publicDir = defaultPublicDir): GalleryData {
  const file = join(publicDir, "data.json");
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`Invalid gallery data: public/data.json cannot be read as JSON: ${(error as Error).message}`);
  }
  const data = parseGalleryData(raw);
  const problems = galleryDataProblems(data, publicDir);
  if (problems.length) throw new Error(`Invalid gallery data:\n${problems.join("\n")}`);
  return data;
}

/** /gallery/{category}/{subcategory} for every entry of the data file: the prerender list. */
export function galleryDataPaths(data: GalleryData): string[] {
  return data.flatMap((c) => (c.subcategories ?? []).map((s) => galleryItemPath(c.category, s.name)));
}

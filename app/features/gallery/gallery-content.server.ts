// Build-time reading of the gallery content (Node only): content/gallery/ through the studio's own
// field definitions (Keystatic reader), then the checks the studio cannot make (an item's family
// exists, photo files are usable, a local video and its poster exist). Every problem names the file
// and the field. Content root: CONTENT_DIR (default "content"), so tests build from a copy.
import { existsSync, readdirSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { config } from "@keystatic/core";
import { createReader } from "@keystatic/core/reader";
import { galleryCollections } from "../../content/studio/gallery";
import { labels } from "../../content/studio/labels";

export type GalleryPhotoEntry = { image: string; title: string };
export type GalleryItemEntry = {
  family: string;
  slug: string;
  label: string;
  order: number;
  photos: GalleryPhotoEntry[];
  video?: string;
  /** The file it came from, as a person reads it (content/gallery/items/men/tshirt.yaml). */
  file: string;
};
export type GalleryFamilyEntry = { slug: string; label: string; order: number; video?: string; file: string; items: GalleryItemEntry[] };

export const contentDir = () => resolve(process.env.CONTENT_DIR ?? "content");

/** A build-stopping list of problems, one line each, file and field first. */
export class GalleryContentError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid gallery content:\n${problems.join("\n")}`);
    this.name = "GalleryContentError";
  }
}

const shown = (file: string) => relative(process.cwd(), file) || file;

/** Keystatic's "Field validation failed:\nphotos.1.image: …" as "photos[1].image: …". */
function fieldMessages(error: unknown): string[] {
  const message = error instanceof Error ? error.message : String(error);
  // The reader's first line ("Invalid data for … in collection …") only repeats the file.
  const lines = message
    .split("\n")
    .filter((line) => line && !/^(Field validation failed:|Invalid data for )/.test(line));
  return lines.map((line) => line.replace(/^([\w.]+): /, (_, path: string) => `${path.replace(/\.(\d+)/g, "[$1]")}: `));
}

/** Every family and item, validated and sorted (order, then address); throws naming every bad file. */
export async function readGalleryContent(root = contentDir(), publicDir = resolve("public")): Promise<GalleryFamilyEntry[]> {
  const reader = createReader(root, config({ storage: { kind: "local" }, collections: galleryCollections("") }));
  const problems: string[] = [];
  const familyFile = (slug: string) => shown(join(root, "gallery/families", `${slug}.yaml`));
  const itemFile = (slug: string) => shown(join(root, "gallery/items", `${slug}.yaml`));
  const videoProblem = (video: string | undefined) => {
    if (!video?.startsWith("/")) return undefined;
    const missing = [video, video.replace(/\.mp4$/, ".webp")].filter((file) => !existsSync(join(publicDir, file)));
    return missing.length ? `video: missing file ${missing.map((m) => `public${m}`).join(" and ")}` : undefined;
  };

  const families: GalleryFamilyEntry[] = [];
  for (const slug of await reader.collections.galleryFamilies.list()) {
    const file = familyFile(slug);
    try {
      const entry = await reader.collections.galleryFamilies.read(slug);
      if (!entry) continue;
      const video = videoProblem(entry.video);
      if (video) problems.push(`${file}: ${video}`);
      families.push({ slug, label: entry.label, order: entry.order, video: entry.video || undefined, file, items: [] });
    } catch (error) {
      for (const line of fieldMessages(error)) problems.push(`${file}: ${line}`);
    }
  }

  for (const slug of await reader.collections.galleryItems.list()) {
    const file = itemFile(slug);
    try {
      const entry = await reader.collections.galleryItems.read(slug);
      if (!entry) continue;
      const [familySlug = "", itemSlug = ""] = slug.split("/");
      const family = families.find((f) => f.slug === familySlug);
      if (!family) {
        problems.push(`${file}: label (page address): no gallery family '${familySlug}' (content/gallery/families/${familySlug}.yaml)`);
        continue;
      }
      entry.photos.forEach((photo, i) => {
        if (!photo.image.startsWith("/media/")) problems.push(`${file}: photos[${i}].image: must be a photo uploaded in the studio (/media/…), not ${photo.image}`);
      });
      const video = videoProblem(entry.video);
      if (video) problems.push(`${file}: ${video}`);
      family.items.push({
        family: familySlug,
        slug: itemSlug,
        label: entry.label,
        order: entry.order,
        photos: entry.photos.map((p) => ({ image: p.image, title: p.title.trim() })),
        video: entry.video || undefined,
        file,
      });
    } catch (error) {
      for (const line of fieldMessages(error)) problems.push(`${file}: ${line}`);
    }
  }
  if (problems.length) throw new GalleryContentError(problems);

  const byOrder = <T extends { order: number; slug: string }>(a: T, b: T) => a.order - b.order || a.slug.localeCompare(b.slug);
  for (const family of families) family.items.sort(byOrder);
  return families.sort(byOrder);
}

/**
 * The title of a photo without one, 'Name of products' (SPEC §2, a fixed text of content/labels.yaml),
 * read here because react-router.config.ts loads the gallery outside Vite's content modules.
 */
export async function readUntitledProduct(root = contentDir()): Promise<string> {
  const file = shown(join(root, "labels.yaml"));
  const reader = createReader(root, config({ storage: { kind: "local" }, singletons: { labels: { ...labels, path: "labels" } } }));
  try {
    const entry = await reader.singletons.labels.read();
    if (!entry) throw new GalleryContentError([`${file}: file missing`]);
    return entry.gallery.untitledProduct;
  } catch (error) {
    if (error instanceof GalleryContentError) throw error;
    throw new GalleryContentError(fieldMessages(error).map((line) => `${file}: ${line}`));
  }
}

/**
 * /gallery/{family}/{item} of every item file, without reading them (synchronous: the prerender
 * list, sitemap and tests). readGalleryContent checks the same files during the build.
 */
export function galleryItemPathsOnDisk(root = contentDir()): string[] {
  const items = join(root, "gallery/items");
  if (!existsSync(items)) return [];
  return readdirSync(items, { withFileTypes: true })
    .filter((family) => family.isDirectory())
    .flatMap((family) =>
      readdirSync(join(items, family.name))
        .filter((name) => name.endsWith(".yaml"))
        .map((name) => `/gallery/${family.name}/${name.slice(0, -".yaml".length)}`),
    )
    .sort();
}

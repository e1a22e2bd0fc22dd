// Build-time reading of the gallery content (Node only): content/gallery/ through the studio's own
// field definitions (Keystatic reader), then the checks the studio cannot make (an item's family
// exists, photo files are usable, a local video and its poster exist). Every problem names the file
// and the field. Content root: CONTENT_DIR (default "content"), so tests build from a copy.
import { existsSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { config } from "@keystatic/core";
import { createReader } from "@keystatic/core/reader";
import { galleryCollections } from "../../content/studio/gallery";
import { labels } from "../../content/studio/labels";
import { pagePaths } from "../../content/page-paths";
import { shownContentPath } from "../../lib/content-path";

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


/** Keystatic's "Field validation failed:\nphotos.1.image: …" as "photos[1].image: …". */
function fieldMessages(error: unknown): string[] {
  const message = error instanceof Error ? error.message : String(error);
  // The reader's first line ("Invalid data for … in collection …") only repeats the file.
  const lines = message
    .split("\n")
    .filter((line) => line && !/^(Field validation failed:|Invalid data for )/.test(line));
  return lines.map((line) => line.replace(/^([\w.]+): /, (_, path: string) => `${path.replace(/\.(\d+)/g, "[$1]")}: `));
}

/** /gallery/fashion-accessories … are pages of their own (SPEC §2): no family may take their address. */
const staticGalleryPages = new Set(
  Object.values(pagePaths)
    .filter((path) => /^\/gallery\/[^/]+$/.test(path))
    .map((path) => path.slice("/gallery/".length)),
);

const galleryReader = (root: string) => createReader(root, config({ storage: { kind: "local" }, collections: galleryCollections("") }));
const byOrder = <T extends { order: number; slug: string }>(a: T, b: T) => a.order - b.order || a.slug.localeCompare(b.slug);
const videoProblemOf = (publicDir: string) => (video: string | undefined) => {
  if (!video?.startsWith("/")) return undefined;
  const missing = [video, video.replace(/\.mp4$/, ".webp")].filter((file) => !existsSync(join(publicDir, file)));
  return missing.length ? `video: missing file ${missing.map((m) => `public${m}`).join(" and ")}` : undefined;
};

/** The families' files (no items), each checked; problems are pushed, not thrown. */
async function readFamilies(reader: ReturnType<typeof galleryReader>, root: string, publicDir: string, problems: string[]): Promise<GalleryFamilyEntry[]> {
  const videoProblem = videoProblemOf(publicDir);
  const families: GalleryFamilyEntry[] = [];
  for (const slug of await reader.collections.galleryFamilies.list()) {
    const file = shownContentPath(join(root, "gallery/families", `${slug}.yaml`), root);
    if (staticGalleryPages.has(slug)) problems.push(`${file}: label (page address): /gallery/${slug} is a static gallery page; choose another address`);
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
  return families;
}

/**
 * The families alone (no items), checked and sorted: what the menu needs (app/content/reader builds
 * the Product Gallery drop-down from them). Throws naming every bad file.
 */
export async function readGalleryFamilies(root = contentDir(), publicDir = resolve("public")): Promise<GalleryFamilyEntry[]> {
  const problems: string[] = [];
  const families = await readFamilies(galleryReader(root), root, publicDir, problems);
  if (problems.length) throw new GalleryContentError(problems);
  return families.sort(byOrder);
}

/**
 * Every family and item, validated and sorted (order, then address); throws naming every bad file.
 * The one reader of content/gallery/: the general content reader (app/content/reader) leaves these
 * collections to this file.
 */
export async function readGalleryContent(root = contentDir(), publicDir = resolve("public")): Promise<GalleryFamilyEntry[]> {
  const reader = galleryReader(root);
  const problems: string[] = [];
  const itemFile = (slug: string) => shownContentPath(join(root, "gallery/items", `${slug}.yaml`), root);
  const videoProblem = videoProblemOf(publicDir);
  const families = await readFamilies(reader, root, publicDir, problems);

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

  for (const family of families) family.items.sort(byOrder);
  return families.sort(byOrder);
}

/**
 * The title of a photo without one, 'Name of products' (SPEC §2, a fixed text of content/labels.yaml),
 * read here because react-router.config.ts loads the gallery outside Vite's content modules.
 */
export async function readUntitledProduct(root = contentDir()): Promise<string> {
  const file = shownContentPath(join(root, "labels.yaml"), root);
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

/** The {family} of every content/gallery/families/{family}.yaml, without reading them (the prerender list, sitemap and tests). */
export function galleryFamilySlugsOnDisk(root = contentDir()): string[] {
  const families = join(root, "gallery/families");
  if (!existsSync(families)) return [];
  return readdirSync(families)
    .filter((name) => name.endsWith(".yaml"))
    .map((name) => name.slice(0, -".yaml".length))
    .sort();
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

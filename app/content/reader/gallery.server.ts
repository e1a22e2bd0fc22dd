import { existsSync } from "node:fs";
import { join } from "node:path";
import { pagePaths } from "../page-paths";
import { galleryShowcasePages, setWordAt, translatedTypes, translationKey, wordAt } from "../../lib/contracts/content-translations";
import type { ReadingContext } from "./context.server";
import { type EntryLang, entriesPerLanguage } from "./translations.server";
import { type CertificateRecord, type ProductSpecs, readProductSpecs } from "./products.server";

// The product gallery (content/gallery/families/, content/gallery/items/{family}/{item}.yaml) and
// the three static gallery pages (content/gallery/showcases.yaml): the checks the studio's fields
// cannot make (an item's family exists, photos were uploaded in the studio, a local video and its
// poster exist, a showcase card's photo exists).

export type GalleryPhotoEntry = { image: string; title: string; colourway: string };
export type GalleryItemEntry = {
  family: string;
  slug: string;
  label: string;
  order: number;
  photos: GalleryPhotoEntry[];
  video?: string;
  /** What a buyer judges it by (decision 0077): all optional but its terms, which default to the company's. */
  specs: ProductSpecs;
  /** The file it came from, as a person reads it (content/gallery/items/men/tshirt.yaml). */
  file: string;
};
export type GalleryFamilyEntry = { slug: string; label: string; order: number; video?: string; file: string; items: GalleryItemEntry[] };

/** /gallery/fashion-accessories … are pages of their own: no family may take their address. */
const staticGalleryPages = new Set(
  Object.values(pagePaths)
    .filter((path) => /^\/gallery\/[^/]+$/.test(path))
    .map((path) => path.slice("/gallery/".length)),
);

export function readGallery(c: ReadingContext, records: { all: CertificateRecord[]; valid: CertificateRecord[] }) {
  const videoProblem = (video: string | undefined) => {
    if (!video?.startsWith("/")) return undefined;
    const missing = [video, video.replace(/\.mp4$/, ".webp")].filter((file) => !existsSync(join(c.publicDir, file)));
    return missing.length ? `video: missing file ${missing.map((m) => `public${m}`).join(" and ")}` : undefined;
  };

  const families: GalleryFamilyEntry[] = c.list("galleryFamilies").map(({ slug, file, entry }) => {
    if (staticGalleryPages.has(slug)) c.problems.push(`${file}: label (page address): /gallery/${slug} is a static gallery page; choose another address`);
    const video = videoProblem(entry.video);
    if (video) c.problems.push(`${file}: ${video}`);
    return { slug, label: entry.label, order: entry.order, video: entry.video || undefined, file, items: [] };
  });

  for (const { slug, file, entry } of c.list("galleryItems")) {
    const [familySlug = "", itemSlug = ""] = slug.split("/");
    const family = families.find((f) => f.slug === familySlug);
    if (!family) {
      c.problems.push(`${file}: label (page address): no gallery family '${familySlug}' (content/gallery/families/${familySlug}.yaml)`);
      continue;
    }
    entry.photos.forEach((photo, i) => {
      if (!photo.image.startsWith("/media/")) c.problems.push(`${file}: photos.${i}.image: must be a photo uploaded in the studio (/media/…), not ${photo.image}`);
    });
    const video = videoProblem(entry.video);
    if (video) c.problems.push(`${file}: ${video}`);
    family.items.push({
      family: familySlug,
      slug: itemSlug,
      label: entry.label,
      order: entry.order,
      photos: entry.photos.map((p) => ({ image: p.image, title: p.title.trim(), colourway: p.colourway.trim() })),
      video: entry.video || undefined,
      specs: readProductSpecs(
        c,
        file,
        entry.specs,
        entry.photos.map((p) => p.colourway),
        records,
      ),
      file,
    });
  }

  // The static gallery pages: each card's picture must be a photo that exists under media/.
  const showcases = c.entryOf("galleryShowcases");
  if (showcases) {
    for (const [page, showcase] of Object.entries(showcases)) {
      showcase.cards.forEach((card, i) => {
        const photo = join(c.root, card.image.replace(/^\//, ""));
        c.rule(c.fileOf("galleryShowcases"), existsSync(photo), `${page}.cards.${i}.image: no such photo ${c.shown(photo)} (choose a photo of a gallery item)`);
      });
    }
  }

  return { gallery: families, galleryShowcases: { ...showcases!, file: c.fileOf("galleryShowcases") } };
}

/** A family or product as a page in some language shows it: `lang` says in which language its words are (null: the page's own). */
export type LocalizedGalleryItem = GalleryItemEntry & { lang: EntryLang };
export type LocalizedGalleryFamily = Omit<GalleryFamilyEntry, "items"> & { lang: EntryLang; items: LocalizedGalleryItem[] };

/** An item's words as the translated type names them (decision 0171), from the English item as read. */
function itemWords(item: GalleryItemEntry): Record<string, unknown> {
  const { description, material, compositions, sizes, samples } = item.specs;
  return { label: item.label, photos: item.photos.map(({ title, colourway }) => ({ title, colourway })), specs: { description, material, compositions, sizes, samples } };
}

/**
 * The gallery in each language, the default first (decision 0171): a family with its translation's
 * name, a product with its translation's words (name, photos' titles and colourways by place, the
 * specification's words) over the English product, whose order, photos, video, codes, measures and
 * terms stay. A product's translation is shown whole or not at all: one lacking a word the English
 * product has (a photo added in English since) shows the English product, marked English, so no
 * block says a language it is not in; the translation report lists it as out of date. A translation
 * without an English family or product is not shown and stops nothing (decision 0165).
 */
export function galleryPerLanguage(c: ReadingContext, codes: readonly string[], gallery: readonly GalleryFamilyEntry[]): Record<string, LocalizedGalleryFamily[]> {
  const families = entriesPerLanguage(c, codes, "galleryFamilies", gallery, (family, lang, translation) => ({
    ...family,
    ...(translation ? { label: c.fill(translation.file, { label: String(translation.entry.label ?? "") }).label.trim() || family.label } : {}),
    lang,
  }));
  const items = entriesPerLanguage(
    c,
    codes,
    "galleryItems",
    gallery.flatMap((f) => f.items.map((item) => ({ ...item, slug: `${f.slug}/${item.slug}`, itemSlug: item.slug }))),
    (item, lang, translation): LocalizedGalleryItem => {
      const { itemSlug, ...english } = item;
      const shown = { ...english, slug: itemSlug };
      if (!translation) return { ...shown, lang };
      const source = itemWords(shown);
      const words = structuredClone(source);
      for (const field of translatedTypes.galleryItems.fields) {
        if (!wordAt(source, field)) continue;
        const translated = wordAt(translation.entry, field)?.trim();
        if (!translated) return { ...shown, lang: codes[0]! };
        setWordAt(words, field, translated);
      }
      const w = c.fill(translation.file, words) as ReturnType<typeof itemWords> & {
        label: string;
        photos: Array<{ title: string; colourway: string }>;
        specs: Pick<ProductSpecs, "description" | "material" | "compositions" | "sizes" | "samples">;
      };
      return {
        ...shown,
        label: w.label,
        photos: shown.photos.map((photo, i) => ({ ...photo, ...w.photos[i] })),
        specs: { ...shown.specs, ...w.specs, colourways: [...new Set(w.photos.map((p) => p.colourway).filter(Boolean))] },
        lang,
      };
    },
  );
  return Object.fromEntries(
    Object.entries(families).map(([code, shown]) => [
      code,
      shown.map((family) => ({ ...family, items: items[code]!.filter((item) => item.family === family.slug) })),
    ]),
  );
}

type Showcases = ReturnType<typeof readGallery>["galleryShowcases"];
type ShowcasePage = (typeof galleryShowcasePages)[number];
/** A static gallery page as a page in some language shows it: each card's title with its `lang` (null: the page's own). */
export type LocalizedShowcase = Omit<Showcases[ShowcasePage], "cards"> & { cards: Array<Showcases[ShowcasePage]["cards"][number] & { lang: EntryLang }> };

/**
 * The static gallery pages in each language, the default first (decision 0174): each card with its
 * title from the language's content/gallery/<code>/showcases.yaml, by place, or the English title
 * marked English where the translation has none; the videos and pictures are the English file's.
 * `file`: the English file, where a picture's problem is named.
 */
export function showcasesPerLanguage(c: ReadingContext, codes: readonly string[], showcases: Showcases) {
  const [defaultCode, ...translated] = codes;
  const one = c.one as unknown as (key: string) => Record<string, unknown> | null | undefined;
  const fileOf = c.fileOf as unknown as (key: string) => string;
  const shown = (code: string | null) => {
    const key = code ? translationKey("galleryShowcases", code) : null;
    const translation = key ? one(key) : null;
    const pages = galleryShowcasePages.map((page): [ShowcasePage, LocalizedShowcase] => {
      const english = showcases[page];
      const cards = english.cards.map((card, i) => {
        const title = translation ? wordAt(translation, `${page}.cards.${i}.title`)?.trim() : undefined;
        if (title) return { ...card, title: c.fill(fileOf(key!), { title }).title, lang: code };
        return { ...card, lang: code ? defaultCode! : null };
      });
      return [page, { ...english, cards }];
    });
    return { ...(Object.fromEntries(pages) as Record<ShowcasePage, LocalizedShowcase>), file: showcases.file };
  };
  // No English file (a problem already named): nothing to show, and the build stops.
  if (!defaultCode || galleryShowcasePages.some((page) => !showcases[page])) return {};
  return Object.fromEntries([[defaultCode, shown(null)], ...translated.map((code) => [code, shown(code)])]) as Record<string, ReturnType<typeof shown>>;
}

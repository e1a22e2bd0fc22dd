// Build-time gallery data (Node only): content/gallery/ read and checked (app/content/reader),
// each photo turned into responsive variants (app/lib/photos). The result is /data.json, the
// prerender list and what the gallery pages bake into their HTML.
import type { PictureSources } from "../../lib/photos/picture-sources";
import { PhotoPipeline } from "../../lib/photos/photo-pipeline.server";
import type { GalleryFamilyEntry, GalleryItemEntry } from "../../content/reader/gallery.server";
import { type CatalogueWords, type CertificateRecord, specFacts } from "../../content/reader/products.server";
import { ContentError, contentDir, loadSiteContent, type SiteContent } from "../../content/reader/site-content.server";
import type { EntryLang } from "../../content/reader/translations.server";
import { type GalleryData, type ProductDetails, untitledProduct } from "./gallery-data";

/**
 * What the product pages, the catalogue and /data.json need of the specifications: worded, with the
 * certificates that apply; in a language (decision 0171): `wordsLang` the catalogue words' `lang`,
 * `code` the page's language.
 */
export type ProductContext = { words: CatalogueWords; certificates: Array<CertificateRecord & { lang?: EntryLang }>; wordsLang?: EntryLang; code?: string };

/** A product's details as a buyer reads them: its specification worded, its valid certificates with their checks. */
export function productDetails(item: GalleryItemEntry & { lang?: EntryLang }, { words, certificates, wordsLang, code }: ProductContext): ProductDetails {
  const { specs } = item;
  return {
    description: specs.description,
    ...(item.lang ? { lang: item.lang } : {}),
    facts: specFacts(specs, words, { itemLang: item.lang, wordsLang, code: wordsLang ?? code }),
    terms: specs.terms,
    certificates: specs.certificates.flatMap((slug) => {
      const record = certificates.find((r) => r.slug === slug);
      return record
        ? [
            {
              slug,
              name: record.name,
              // The record's words' language where a language's page shows it (decision 0171).
              ...(record.lang ? { lang: record.lang } : {}),
              number: record.number,
              issuedBy: record.issuedBy,
              validUntil: record.validUntil,
              path: record.path,
              verify: record.verify,
            },
          ]
        : [];
    }),
    construction: specs.construction,
    cottonTypes: specs.cottonTypes,
    compositions: specs.compositions,
    material: specs.material,
  };
}

/** The pictures of the given photo paths; a refused photo is reported against the file and field naming it. */
export async function resolvePictures(pipeline: PhotoPipeline, uses: { path: string; where: string }[]): Promise<Map<string, PictureSources>> {
  const pictures = new Map<string, PictureSources>();
  const problems: string[] = [];
  const queue = [...uses];
  const worker = async () => {
    for (let use = queue.shift(); use; use = queue.shift()) {
      try {
        pictures.set(use.path, await pipeline.picture(use.path));
      } catch (error) {
        problems.push(`${use.where}: ${(error as Error).message}`);
      }
    }
  };
  await Promise.all([worker(), worker()]);
  if (problems.length) throw new ContentError(problems.sort());
  return pictures;
}

/** /data.json from the content: SPEC fields plus labels and pictures. */
export async function galleryData(
  families: Array<Omit<GalleryFamilyEntry, "items"> & { lang?: EntryLang; items: Array<GalleryItemEntry & { lang?: EntryLang }> }>,
  pipeline: PhotoPipeline,
  untitledProduct: string,
  products: ProductContext,
): Promise<GalleryData> {
  const uses = families.flatMap((f) => f.items.flatMap((item) => item.photos.map((p, i) => ({ path: p.image, where: `${item.file}: photos.${i}.image` }))));
  const pictures = await resolvePictures(pipeline, uses);
  return families.map((family) => {
    const subcategories = family.items.map((item) => {
      const itemPictures = item.photos.map((p) => pictures.get(p.image)!);
      // productName aligns with images by position; a photo without a title reads 'Name of products'.
      const lastTitled = item.photos.findLastIndex((p) => p.title);
      return {
        name: item.slug,
        label: item.label,
        ...(item.lang ? { lang: item.lang } : {}),
        images: itemPictures.map((p) => p.src),
        ...(item.video ? { video: item.video } : {}),
        productName: item.photos.slice(0, lastTitled + 1).map((p) => p.title || untitledProduct),
        pictures: itemPictures,
        details: productDetails(item, products),
      };
    });
    const cover = subcategories[0]?.images[0];
    return {
      category: family.slug,
      label: family.label,
      ...(family.lang ? { lang: family.lang } : {}),
      ...(cover ? { images: [cover] } : {}),
      ...(family.video ? { video: family.video } : {}),
      subcategories,
    };
  });
}

// One gallery data per content read and language (decision 0160): every gallery page's loader asks
// for it, twice per page (its HTML and its .data) and once per language, and each time every photo of
// the catalogue was looked up in the photo cache again (its source hashed, its variants' metadata read).
// Keyed by the content read itself, so the dev server's next read after an edit (a photo under
// content/ too) makes it afresh.
const galleryDataOfContent = new WeakMap<SiteContent, Map<string, Promise<GalleryData>>>();

/**
 * The gallery data of CONTENT_DIR in a language (decision 0171; default: the default language's,
 * /data.json): the build's one content read (every gallery page's loader asks for it), its photos
 * turned into responsive variants, once per read and language. The dev server reads again after an edit.
 */
export async function loadGalleryData(root = contentDir(), code?: string): Promise<GalleryData> {
  const content = await loadSiteContent(root);
  const shownCode = galleryCodeOf(content, code);
  const perCode = galleryDataOfContent.get(content) ?? new Map<string, Promise<GalleryData>>();
  galleryDataOfContent.set(content, perCode);
  let data = perCode.get(shownCode);
  if (!data) {
    const { families, words, wordsLang, certificates } = content.galleries[shownCode]!;
    data = galleryData(families, new PhotoPipeline({ contentDir: root }), untitledProduct, { words, certificates, wordsLang, code: shownCode });
    // A refused photo is not kept: the next ask (a fixed file, in dev) tries again.
    data.catch(() => perCode.delete(shownCode));
    perCode.set(shownCode, data);
  }
  return data;
}

/** A language of the content, or its default one (an unknown code too). */
const galleryCodeOf = (content: SiteContent, code: string | undefined) => (code && content.galleries[code] ? code : content.locales[0]!.code);

/**
 * The gallery data and the catalogue's words in a language (the /gallery and family loaders,
 * decisions 0077, 0171), with the words' `lang` (null: the page's own; decision 0174).
 */
export async function loadCatalogueData(root = contentDir(), code?: string) {
  const [data, content] = await Promise.all([loadGalleryData(root, code), loadSiteContent(root)]);
  const { words, wordsLang } = content.galleries[galleryCodeOf(content, code)]!;
  return { data, words, wordsLang };
}

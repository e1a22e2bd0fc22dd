// Build-time gallery data (Node only): content/gallery/ read and checked (app/content/reader),
// each photo turned into responsive variants (app/lib/photos). The result is /data.json, the
// prerender list and what the gallery pages bake into their HTML.
import type { PictureSources } from "../../lib/photos/picture-sources";
import { PhotoPipeline } from "../../lib/photos/photo-pipeline.server";
import type { GalleryFamilyEntry } from "../../content/reader/gallery.server";
import { ContentError, contentDir, loadSiteContent } from "../../content/reader/site-content.server";
import type { GalleryData } from "./gallery-data";

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
export async function galleryData(families: GalleryFamilyEntry[], pipeline: PhotoPipeline, untitledProduct: string): Promise<GalleryData> {
  const uses = families.flatMap((f) => f.items.flatMap((item) => item.photos.map((p, i) => ({ path: p.image, where: `${item.file}: photos.${i}.image` }))));
  const pictures = await resolvePictures(pipeline, uses);
  return families.map((family) => {
    const subcategories = family.items.map((item) => {
      const itemPictures = item.photos.map((p) => pictures.get(p.image)!);
      // productName aligns with images by position (SPEC §3); a photo without a title reads 'Name of products'.
      const lastTitled = item.photos.findLastIndex((p) => p.title);
      return {
        name: item.slug,
        label: item.label,
        images: itemPictures.map((p) => p.src),
        ...(item.video ? { video: item.video } : {}),
        productName: item.photos.slice(0, lastTitled + 1).map((p) => p.title || untitledProduct),
        pictures: itemPictures,
      };
    });
    const cover = subcategories[0]?.images[0];
    return {
      category: family.slug,
      label: family.label,
      ...(cover ? { images: [cover] } : {}),
      ...(family.video ? { video: family.video } : {}),
      subcategories,
    };
  });
}

/**
 * The gallery data of CONTENT_DIR: the build's one content read (every gallery page's loader asks
 * for it), its photos turned into responsive variants. The dev server reads again after an edit.
 */
export async function loadGalleryData(root = contentDir()): Promise<GalleryData> {
  const { gallery, modules } = await loadSiteContent(root);
  return galleryData(gallery, new PhotoPipeline({ contentDir: root }), modules.galleryLabels.untitledProduct);
}

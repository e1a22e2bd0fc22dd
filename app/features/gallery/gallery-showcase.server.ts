import type { GalleryShowcase } from "../../content/gallery-showcases";
import { PhotoPipeline } from "../../lib/photos/photo-pipeline.server";
import type { PictureSources } from "../../lib/photos/picture-sources";
import { contentDir } from "../../content/reader/site-content.server";
import { resolvePictures } from "./gallery-data.server";

/**
 * The responsive pictures of a static gallery page's cards, in card order. A photo the pipeline
 * refuses is reported against the content file and field (content/gallery/showcases.yaml: homeTextile.cards.1.image).
 */
export async function showcasePictures(showcase: GalleryShowcase, where: { file: string; page: string }): Promise<PictureSources[]> {
  const uses = showcase.cards.map((card, i) => ({ path: card.image, where: `${where.file}: ${where.page}.cards.${i}.image` }));
  const pictures = await resolvePictures(new PhotoPipeline({ contentDir: contentDir() }), uses);
  return showcase.cards.map((card) => pictures.get(card.image)!);
}

import type { GalleryShowcase } from "../../content/gallery-showcase.schema";
import { PhotoPipeline } from "../../lib/photos/photo-pipeline.server";
import type { PictureSources } from "../../lib/photos/picture-sources";
import { contentDir } from "./gallery-content.server";
import { resolvePictures } from "./gallery-data.server";

/** The responsive pictures of a static gallery page's cards, in card order. */
export async function showcasePictures(showcase: GalleryShowcase): Promise<PictureSources[]> {
  const uses = showcase.cards.map((card, i) => ({ path: card.image, where: `app/content/gallery-showcases.ts: cards[${i}].image` }));
  const pictures = await resolvePictures(new PhotoPipeline({ contentDir: contentDir() }), uses);
  return showcase.cards.map((card) => pictures.get(card.image)!);
}

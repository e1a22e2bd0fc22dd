import { z } from "zod";

/** A photo uploaded to the gallery (/media/gallery/…, a file under content/media/gallery/). */
const galleryPhoto = z.string().regex(/^\/media\/gallery\/[\w\-./&]+\.(jpe?g|png|webp)$/i, "must be a gallery photo /media/gallery/….(jpg|png|webp)");
const video = z.string().regex(/^(\/videos\/[\w.-]+\.mp4|https:\/\/\S+)$/, "must be /videos/name.mp4 or an https URL");

/** A static gallery page (/gallery/fashion-accessories …): a video and three titled cards. */
export const galleryShowcaseSchema = z.object({
  video,
  cards: z.array(z.object({ title: z.string().trim().min(1), image: galleryPhoto })).length(3),
});
export const galleryShowcasesSchema = z.object({
  fashionAccessories: galleryShowcaseSchema,
  homeTextile: galleryShowcaseSchema,
  nonTextile: galleryShowcaseSchema,
});
export type GalleryShowcase = z.infer<typeof galleryShowcaseSchema>;

import { z } from "zod";

// Gallery catalogue schema (the gallery is still TypeScript and public/data.json until it moves to
// content/ too). Every other content type is defined once, by its studio fields in ./studio/.

export const galleryFamilySchema = z.object({
  slug: z.string().regex(/^[a-z]+$/),
  label: z.string().trim().min(1),
  items: z.array(z.object({ slug: z.string().regex(/^[a-z&]+$/), label: z.string().trim().min(1) })).min(1),
});
export const galleryCatalogSchema = z.array(galleryFamilySchema).length(6);

export type GalleryFamily = z.infer<typeof galleryFamilySchema>;

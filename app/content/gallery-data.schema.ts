import { z } from "zod";

// Shape of public/data.json (SPEC §3 Gallery data), checked at build time (app/lib/prerender-paths.ts)
// and in unit tests. The browser imports only the types.

/** A file under public/ ("/images/gallery/men/tshirt-1.webp") or an absolute https URL (a CDN). */
const media = z.string().regex(/^(\/[\w\-./]+|https:\/\/\S+)$/, "must be /path/under/public or an https URL");
const name = z.string().regex(/^[a-z0-9&-]+$/, "must be lower-case letters, digits, '-' or '&'");

export const gallerySubcategorySchema = z
  .object({
    name,
    images: z.array(media).min(1),
    video: media.optional(),
    productName: z.array(z.string().trim().min(1)),
  })
  .refine((s) => s.productName.length <= s.images.length, {
    message: "has more productName entries than images (titles align with images by position)",
    path: ["productName"],
  });

export const galleryCategorySchema = z.object({
  category: name,
  images: z.array(media).optional(),
  video: media.optional(),
  subcategories: z.array(gallerySubcategorySchema).optional(),
});

export const galleryDataSchema = z
  .array(galleryCategorySchema)
  .min(1)
  .superRefine((categories, ctx) => {
    const seen = new Set<string>();
    categories.forEach((c, ci) => {
      if (seen.has(c.category)) ctx.addIssue({ code: "custom", message: "duplicate category", path: [ci, "category"] });
      seen.add(c.category);
      const names = new Set<string>();
      c.subcategories?.forEach((s, si) => {
        if (names.has(s.name)) ctx.addIssue({ code: "custom", message: "duplicate subcategory", path: [ci, "subcategories", si, "name"] });
        names.add(s.name);
      });
    });
  });

export type GallerySubcategory = z.infer<typeof gallerySubcategorySchema>;
export type GalleryCategory = z.infer<typeof galleryCategorySchema>;
export type GalleryData = z.infer<typeof galleryDataSchema>;

/** "categories[1] men > subcategories[0] tshirt > images[2]": the bad entry by name, not only by index. */
function describePath(data: unknown, path: PropertyKey[]): string {
  const parts: string[] = [];
  let node: unknown = data;
  for (const key of path) {
    node = node && typeof node === "object" ? (node as Record<PropertyKey, unknown>)[key] : undefined;
    const label =
      node && typeof node === "object" && !Array.isArray(node)
        ? String((node as { category?: unknown; name?: unknown }).category ?? (node as { name?: unknown }).name ?? "")
        : "";
    if (typeof key === "number") parts.push(`[${key}]${label ? ` ${label}` : ""}`);
    else parts.push(`.${String(key)}`);
  }
  return parts.join("").replace(/^\./, "") || "(root)";
}

/** Validates the gallery data; throws one error listing every bad entry of `source`. */
export function parseGalleryData(raw: unknown, source = "public/data.json"): GalleryData {
  const result = galleryDataSchema.safeParse(raw);
  if (result.success) return result.data;
  const lines = result.error.issues.map((i) => `${source}: ${describePath(raw, i.path)}: ${i.message}`);
  throw new Error(`Invalid gallery data:\n${lines.join("\n")}`);
}

/** A static gallery page (/gallery/fashion-accessories …): a video and three titled cards. */
export const galleryShowcaseSchema = z.object({
  video: media,
  cards: z.array(z.object({ title: z.string().trim().min(1), image: media })).length(3),
});
export const galleryShowcasesSchema = z.object({
  fashionAccessories: galleryShowcaseSchema,
  homeTextile: galleryShowcaseSchema,
  nonTextile: galleryShowcaseSchema,
});
export type GalleryShowcase = z.infer<typeof galleryShowcaseSchema>;

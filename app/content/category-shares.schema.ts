import { z } from "zod";

export const categoryShareSchema = z.object({
  label: z.string().trim().min(1),
  percentage: z.number().min(0).max(100),
  color: z.string().regex(/^#[0-9a-f]{6}$/i, "must be a #rrggbb colour"),
});
export const categorySharesSchema = z
  .array(categoryShareSchema)
  .min(1)
  .refine((shares) => shares.reduce((sum, s) => sum + s.percentage, 0) === 100, "percentages must add up to 100");

export type CategoryShare = z.infer<typeof categoryShareSchema>;

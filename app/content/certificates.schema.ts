import { z } from "zod";
import { certificateCardCount } from "../lib/constants";
import { mediaSchema } from "./schema";

export const certificateCardSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  label: z.string().trim().min(1),
  image: mediaSchema,
});
export const certificateCardsSchema = z
  .array(certificateCardSchema)
  .length(certificateCardCount)
  .refine((cards) => new Set(cards.map((c) => c.id)).size === cards.length, "ids must be unique");

export type CertificateCard = z.infer<typeof certificateCardSchema>;

import { z } from "zod";
import { valueCardCount } from "../lib/constants";
import { mediaSchema } from "./schema";

export const valueCardSchema = z.object({
  id: z.string().regex(/^[a-z-]+$/),
  title: z.string().trim().min(1),
  description: z.string().min(20).max(140),
  image: mediaSchema,
});
export const valueCardsSchema = z.array(valueCardSchema).length(valueCardCount);

export type ValueCard = z.infer<typeof valueCardSchema>;

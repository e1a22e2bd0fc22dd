import { z } from "zod";
import { mediaSchema } from "./schema";

const text = z.string().trim().min(1);

export const mdMessageSchema = z.object({
  heading: text,
  greeting: text,
  paragraphs: z.array(z.string().min(40)).min(2),
  signOff: text,
  name: text,
  role: z.literal("Managing Director"),
  portrait: mediaSchema,
});

export type MdMessage = z.infer<typeof mdMessageSchema>;

import { z } from "zod";
import { faqEntryCount } from "../lib/constants";
import { videoSchema } from "./services.schema";

export const faqEntrySchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  question: z.string().trim().min(5).endsWith("?"),
  answer: z.string().trim().min(20),
});

export const faqSchema = z.object({
  intro: z.string().min(20),
  entries: z.array(faqEntrySchema).length(faqEntryCount),
  bannerVideo: videoSchema,
});

export type FaqEntry = z.infer<typeof faqEntrySchema>;
export type Faq = z.infer<typeof faqSchema>;

import { z } from "zod";

export const conceptValueSchema = z.object({
  number: z.string().regex(/^\d{2}$/),
  title: z.string().trim().min(1),
  description: z.string().min(20).max(200),
});
export const conceptSchema = z.object({
  heading: z.string().trim().min(1),
  intro: z.string().min(20),
  values: z.array(conceptValueSchema).length(7),
});

export type ConceptValue = z.infer<typeof conceptValueSchema>;
export type Concept = z.infer<typeof conceptSchema>;

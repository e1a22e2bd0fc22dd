import { z } from "zod";

const text = z.string().trim().min(1);

export const qualitySchema = z.object({
  intro: z.string().min(40),
  precautions: z.object({ heading: text, items: z.array(text).min(3) }),
  tests: z.object({ heading: text, items: z.array(z.object({ name: text, description: text })).min(3) }),
  inspection: z.object({
    heading: text,
    body: z.string().regex(/AQL 1\.5-2\.5/, "must state AQL 1.5-2.5"),
    stages: z.array(z.object({ name: text, description: text })).min(2),
    companiesHeading: text,
    companies: z.array(text).length(3),
  }),
  innovation: z.object({ heading: text, body: z.string().min(40), items: z.array(text).min(2) }),
});

export type Quality = z.infer<typeof qualitySchema>;

import { z } from "zod";
import { mediaSchema } from "./schema";

const text = z.string().trim().min(1);

export const aboutSchema = z.object({
  intro: z.array(z.string().min(40)).min(1),
  facts: z.array(z.object({ label: text, value: text })).min(4),
  sections: z.array(z.object({ heading: text, body: text, items: z.array(text).optional() })).min(1),
  profile: z.object({
    label: z.literal("Company Profile Download"),
    href: z.string().regex(/^\/[\w-]+\.pdf$/, "a PDF at the site root, e.g. /company-profile.pdf"),
    fileName: z.string().regex(/\.pdf$/),
    note: text,
  }),
  image: z.object({ src: mediaSchema, alt: text, width: z.number().int().positive(), height: z.number().int().positive() }),
  teamHeading: z.literal("Team Members"),
});

export type About = z.infer<typeof aboutSchema>;

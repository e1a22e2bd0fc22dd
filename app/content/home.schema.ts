import { z } from "zod";
import { heroCertificateImageCount } from "../lib/constants";
import { mediaSchema } from "./schema";

const text = z.string().trim().min(1);
const video = z.object({ mp4: mediaSchema, webm: mediaSchema, poster: mediaSchema });
const section = z.object({ heading: text, intro: text });

export const homeSchema = z.object({
  hero: z.object({
    video,
    lead: text,
    certificatesLabel: text,
    certificates: z.array(z.object({ name: text, image: mediaSchema })).length(heroCertificateImageCount),
    playNote: text,
    cta: z.object({ label: text, to: z.string().startsWith("/") }),
  }),
  videoFallback: z.literal("Your browser does not support the video tag."),
  trustedPartner: z.object({ heading: text, paragraphs: z.array(text).min(1), facts: z.array(z.object({ value: text, label: text })).min(1) }),
  categoryShares: section,
  certificates: section,
  whyChooseUs: section.extend({ video }),
  strengths: section,
  values: section,
  banner: z.object({ image: mediaSchema, alt: z.string(), heading: text, text }),
  team: section,
  getInTouch: section.extend({ interimBefore: text, interimMiddle: text, interimLinkLabel: text }),
});

export type HomeContent = z.infer<typeof homeSchema>;

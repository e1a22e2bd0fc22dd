import { z } from "zod";
import { mediaSchema } from "./schema";

const text = z.string().trim().min(1);

export const videoSchema = z.object({
  sources: z.array(z.object({ src: mediaSchema, type: z.enum(["video/webm", "video/mp4"]) })).min(1),
  poster: mediaSchema,
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  label: text,
});

export const servicesSchema = z.object({
  intro: z.string().min(40),
  offered: z.object({ heading: text, items: z.array(z.object({ title: text, description: z.string().min(20) })).min(4) }),
  products: z.object({ heading: text, intro: text, items: z.array(text).min(5) }),
  payment: z.object({
    heading: text,
    intro: text,
    modes: z.array(z.object({ code: text, name: text })).refine((m) => m.map((x) => x.code).join() === "TT,L/C,DAP", "payment modes must be TT, L/C, DAP"),
  }),
  video: videoSchema.extend({ heading: text, caption: text }),
});

export type Services = z.infer<typeof servicesSchema>;
export type Video = z.infer<typeof videoSchema>;

import { z } from "zod";

const text = z.string().trim().min(1);

export const goalsSchema = z.object({
  intro: z.string().min(40),
  objectives: z.object({ heading: text, items: z.array(z.object({ title: text, description: z.string().min(20) })).min(3) }),
  values: z.object({
    heading: text,
    cards: z
      .array(z.object({ name: z.enum(["Team Work", "Success", "Creative", "Express Goals Positively"]), description: z.string().min(20) }))
      .length(4),
  }),
});

export type Goals = z.infer<typeof goalsSchema>;

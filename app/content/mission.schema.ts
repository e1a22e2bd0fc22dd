import { z } from "zod";

const text = z.string().trim().min(1);

export const missionSchema = z.object({
  mission: z.object({ heading: text, statement: z.string().min(40), points: z.array(text).min(1) }),
  vision: z.object({ heading: text, statement: z.string().min(40), targets: z.array(text).min(1) }),
  values: z.object({ heading: text, items: z.array(z.object({ name: text, description: z.string().min(20) })).min(3) }),
});

export type Mission = z.infer<typeof missionSchema>;

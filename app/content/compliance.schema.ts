import { z } from "zod";

const text = z.string().trim().min(1);

export const complianceSchema = z.object({
  intro: z.string().min(40),
  cycle: z.object({
    heading: text,
    caption: text,
    // The four steps in the order they turn: Plan, Do, Check, Act.
    steps: z
      .array(z.object({ name: z.enum(["Plan", "Do", "Check", "Act"]), summary: z.string().min(20) }))
      .length(4)
      .refine((s) => s.map((x) => x.name).join() === "Plan,Do,Check,Act", "steps must be Plan, Do, Check, Act"),
  }),
  goals: z.object({ heading: text, items: z.array(text).min(3) }),
  checklists: z.object({
    heading: text,
    intro: text,
    lists: z.array(z.object({ title: text, items: z.array(text).min(2) })).min(2),
  }),
  certificatesHeading: text,
});

export type Compliance = z.infer<typeof complianceSchema>;

import { z } from "zod";

const text = z.string().trim().min(1);

export type OrgUnit = { id: string; title: string; detail?: string; children?: OrgUnit[] };

export const orgUnitSchema: z.ZodType<OrgUnit> = z.lazy(() =>
  z.object({
    id: z.string().regex(/^[a-z-]+$/),
    title: text,
    detail: text.optional(),
    children: z.array(orgUnitSchema).optional(),
  }),
);

export const organizationSchema = z.object({
  intro: z.string().min(40),
  chartTitle: text,
  root: orgUnitSchema,
});

export type Organization = z.infer<typeof organizationSchema>;

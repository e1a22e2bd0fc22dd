import { z } from "zod";
import { galleryShowcasesSchema } from "./gallery-showcase.schema";
import { galleryShowcases } from "./gallery-showcases";

// The gallery module still written in TypeScript (the three static showcase pages), and its schema.
// Everything in content/ is checked by the content reader (./reader/read-content.ts) and the gallery
// reader (app/features/gallery/gallery-content.server.ts) when the build reads it.
export const contentModules: { name: string; schema: z.ZodType; data: unknown }[] = [
  { name: "gallery-showcases", schema: galleryShowcasesSchema, data: galleryShowcases },
];

/** Throws one error naming every bad entry (module and path) so a content edit fails the build clearly. */
export function validateContent(modules = contentModules): void {
  const problems = modules.flatMap(({ name, schema, data }) => {
    const result = schema.safeParse(data);
    return result.success
      ? []
      : result.error.issues.map((i) => `app/content/${name}: ${i.path.join(".") || "(root)"}: ${i.message}`);
  });
  if (problems.length) throw new Error(`Invalid content:\n${problems.join("\n")}`);
}

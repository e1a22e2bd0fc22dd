import { z } from "zod";
import { galleryCatalog } from "./gallery-catalog";
import { galleryShowcasesSchema } from "./gallery-data.schema";
import { galleryShowcases } from "./gallery-showcases";
import { galleryCatalogSchema } from "./schema";

// The gallery modules still written in TypeScript, and their schemas. Everything in content/ is
// checked by the content reader (./reader/read-content.ts) when the build reads it.
export const contentModules: { name: string; schema: z.ZodType; data: unknown }[] = [
  { name: "gallery-catalog", schema: galleryCatalogSchema, data: galleryCatalog },
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

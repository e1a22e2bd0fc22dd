// @vitest-environment node
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ComponentSchema } from "@keystatic/core";
import { createReader } from "@keystatic/core/reader";
import { describe, expect, it } from "vitest";
import { fixtureContentDir } from "../../../fixtures/fixture-content";
import keystaticConfig from "../../../keystatic.config";
import { translatedTypes } from "../../lib/contracts/content-translations";

// Decision 0179: the interface words files are edited in the studio per language, and their words
// travel through the translation report and XLIFF by the field lists of translatedTypes. A field
// added to the studio's schema but not to the list would never be reported out of date nor sent to
// the agency; one in the list but not in the schema would be refused on import.

/** Every text field's path in a Keystatic schema, a list's items as `N` (`terms.N.label`). */
function textPaths(schema: Record<string, ComponentSchema>, at = ""): string[] {
  return Object.entries(schema).flatMap(([name, field]) => {
    const path = `${at}${name}`;
    if (field.kind === "object") return textPaths(field.fields, `${path}.`);
    if (field.kind === "array") return field.element.kind === "object" ? textPaths(field.element.fields, `${path}.N.`) : [`${path}.N`];
    return [path];
  });
}

/** A translated type's field list with its places written as `N`, each once. */
const byPlace = (fields: readonly string[]) => [...new Set(fields.map((field) => field.replace(/\.\d+(?=\.|$)/g, ".N")))].sort();

const singletonOf = (key: string) => keystaticConfig.singletons?.[key as keyof typeof keystaticConfig.singletons];

describe("the studio's interface words in each language (decision 0179)", () => {
  it.each([
    ["quote_de", "quote", ["sent.links.N.to"]],
    ["formResults_de", "formResults", ["contact.sent.links.N.to", "career.sent.links.N.to"]],
    // Decision 0182: the menu's labels are words, by the place of their English label; the buyer's words too, a reply by its English name's place.
    ["messages_de", "messages", ["menu.N.english"]],
    ["quotations_de", "quotations", []],
    ["replyTemplates_de", "replyTemplates", ["templates.N.english"]],
  ] as const)("%s edits the file the build reads, and every word of it is a translated field", (studioKey, key, notWords) => {
    const singleton = singletonOf(studioKey)!;
    expect(singleton.path).toBe(`content/${translatedTypes[key].dir("de")}`);
    const schemaWords = textPaths(singleton.schema as Record<string, ComponentSchema>).filter((path) => !(notWords as readonly string[]).includes(path));
    expect(byPlace(translatedTypes[key].fields)).toEqual([...schemaWords].sort());
  });

  it("names the English source on the first group of the result pages and the interface words, as the other translated types do", () => {
    // (The quote form's is its first field's, a text field, whose description Keystatic keeps inside the field's input.)
    const results = singletonOf("formResults_de")!.schema as Record<string, ComponentSchema>;
    const messages = singletonOf("messages_de")!.schema as Record<string, ComponentSchema>;
    const descriptionOf = (field: ComponentSchema | undefined) => (field?.kind === "object" ? field.description : undefined);
    expect(descriptionOf(results.contact)).toMatch(/Translate the English entry of the same id in “Form sent \/ not sent pages”.*keeps each \{slot\}/);
    expect(descriptionOf(messages.language)).toMatch(/“Interface words \(English, the source\)”/);
  });

  it("reads the buyer's German words as the build does, and refuses a word that loses its English {slot}", async () => {
    const root = await mkdtemp(join(tmpdir(), "buyer-words-"));
    try {
      await cp(fixtureContentDir, join(root, "content"), { recursive: true });
      const reader = () => createReader(root, keystaticConfig);
      const quotations = await reader().singletons["quotations_de" as "quotations"].read();
      expect(quotations).toMatchObject({ paymentModes: { LC: "LC – Akkreditiv" }, page: { title: "Angebot {label}" } });
      const replies = (await reader().singletons["replyTemplates_de" as "replyTemplates"].read()) as unknown as { templates: { english: string }[] } | null;
      expect(replies?.templates.length).toBeGreaterThan(0);

      const file = join(root, "content/translations/de/quotations.yaml");
      await writeFile(file, (await readFile(file, "utf8")).replace("title: Angebot {label}", "title: Angebot"));
      await expect(reader().singletons["quotations_de" as "quotations"].read()).rejects.toThrow(/Title must contain \{label\}, or be empty/);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

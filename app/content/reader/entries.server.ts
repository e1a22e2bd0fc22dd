import { readdir } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import type { Collection, ComponentSchema, Config, Singleton } from "@keystatic/core";
import { createReader, type EntryWithResolvedLinkedFiles } from "@keystatic/core/reader";
import keystaticConfig from "../../../keystatic.config";
import { shownContentPath } from "../../lib/contracts/content-path";
import { translationOf } from "../../lib/contracts/content-translations";
import { contentDir } from "../../lib/contracts/environment.server";

// Every file of content/ read once, through Keystatic's reader and the studio's own field
// definitions (keystatic.config.ts), so what the studio saves is what the build accepts. Problems
// are collected, one line each, never thrown one by one: `content/<file>: <field.path>: <message>`.

/** Content root: CONTENT_DIR, resolved by the one environment schema. */
export { contentDir };

/** Every problem found, one line each: `content/offices/usa.yaml: phone: Phone must not be empty`. */
export class ContentError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid content (${problems.length} problem${problems.length === 1 ? "" : "s"}):\n${problems.join("\n")}`);
    this.name = "ContentError";
  }
}

type AnyConfig = Config<Record<string, Collection<Record<string, ComponentSchema>, string>>, Record<string, Singleton<Record<string, ComponentSchema>>>>;
const studio = keystaticConfig as unknown as AnyConfig;
type Studio = typeof keystaticConfig;
export type Singletons = NonNullable<Studio["singletons"]>;
export type Collections = NonNullable<Studio["collections"]>;
/** What Keystatic's reader returns for an entry, with Markdoc fields resolved. */
export type EntryOf<T> = T extends Singleton<Record<string, ComponentSchema>> | Collection<Record<string, ComponentSchema>, string> ? EntryWithResolvedLinkedFiles<T> : never;

// Keystatic paths start with content/; reading from another root (CONTENT_DIR) re-bases them.
const prefix = "content/";
export function rebased(config: AnyConfig): AnyConfig {
  const strip = <T extends { path?: string }>(entries: Record<string, T> = {}) =>
    Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, { ...v, path: v.path?.startsWith(prefix) ? v.path.slice(prefix.length) : v.path }]));
  return { ...config, singletons: strip(config.singletons), collections: strip(config.collections) } as AnyConfig;
}

const extensionOf = (format: unknown) => (typeof format === "object" && format !== null && "contentField" in format ? ".mdoc" : ".yaml");

type Entry = Record<string, unknown>;
export type Slugged<E = Entry> = { slug: string; file: string; entry: E };

/** Keystatic's and js-yaml's errors as `field.path: message` lines. */
export function fieldLines(err: unknown): string[] {
  const yaml = err as { name?: string; reason?: string; mark?: { line: number } };
  if (yaml.name === "YAMLException") return [`line ${(yaml.mark?.line ?? 0) + 1}: ${yaml.reason}`];
  const message = err instanceof Error ? err.message : String(err);
  // 'Invalid data for singleton "site":\nfield: message' or 'Field validation failed:\n…': one line per field.
  return message
    .split("\n")
    .filter((line) => line && !/^(Field validation failed:|Invalid data for )/.test(line))
    .map((line) => {
      const unknown = /^(.*): Key on object value "(.+)" is not allowed$/.exec(line);
      return unknown ? `${[unknown[1], unknown[2]].filter(Boolean).join(".")}: not a field of this content type` : line;
    });
}

/** Reads every singleton and collection entry of the studio's configuration. */
export async function readEntries(root: string) {
  const reader = createReader(root, rebased(studio));
  const problems: string[] = [];
  // content/<file> as the studio names it, whatever the working directory.
  const shown = (abs: string) => shownContentPath(abs, root);
  const fileOf = (path: string, format: unknown) => shown(join(root, path.slice(prefix.length).replace(/\*+$/, "")) + extensionOf(format));
  const report = (file: string, err: unknown) => {
    for (const line of fieldLines(err)) problems.push(`${file}: ${line}`);
  };

  const singletons: Record<string, { file: string; entry: Entry | null }> = {};
  await Promise.all(
    Object.entries(studio.singletons ?? {}).map(async ([key, def]) => {
      const file = fileOf(def.path!, def.format);
      try {
        const entry = (await reader.singletons[key]!.read({ resolveLinkedFiles: true })) as Entry | null;
        // A translation not made yet is no gap: the page shows the English entry, marked (decision 0165).
        if (entry === null && !translationOf(key)) problems.push(`${file}: file missing`);
        singletons[key] = { file, entry };
      } catch (err) {
        report(file, err);
        singletons[key] = { file, entry: null };
      }
    }),
  );

  const collections: Record<string, Slugged[]> = {};
  await Promise.all(
    Object.entries(studio.collections ?? {}).map(async ([key, def]) => {
      const dir = def.path!.replace(/\*+$/, ""); // "items/*" and nested "items/**" (the gallery)
      const items: Slugged[] = [];
      for (const slug of (await reader.collections[key]!.list()).sort()) {
        const file = fileOf(`${dir}${slug}`, def.format);
        try {
          const entry = (await reader.collections[key]!.read(slug, { resolveLinkedFiles: true })) as Entry | null;
          if (entry) items.push({ slug, file, entry });
        } catch (err) {
          report(file, err);
        }
      }
      collections[key] = items;
    }),
  );

  for (const file of await strayFiles(root)) problems.push(`${shown(join(root, file))}: neither the studio nor the build reads this file; move it out of the content folder or delete it`);

  const dirOf = (key: keyof Collections) => shown(join(root, studio.collections![key]!.path!.slice(prefix.length).replace(/\/?\*+$/, "")));
  return { singletons, collections, problems, dirOf, shown, projectDir: dirname(root) };
}

/** What the studio's configuration names: one pattern per singleton and collection, plus uploaded photos. */
const readPatterns = [...Object.values(studio.singletons ?? {}), ...Object.values(studio.collections ?? {})].map((def) => {
  const path = def.path!.slice(prefix.length).replace(/[.]/g, "\\.");
  // "*" is one file name, "**" (gallery items) family/item: the reader reads and checks every such name itself.
  return new RegExp(`^${path.replace("**", "[^/]+/[^/]+").replace("*", "[^/]+")}\\${extensionOf(def.format)}$`);
});
// Photos uploaded in the studio live under media/<type>/ (their entries point at them; the gallery checks each).
readPatterns.push(/^media\/[a-z-]+\/.+\.(jpe?g|png|webp)$/);
// Certificate files (decision 0076): a PDF or a scan, under media/certificates/<record>/.
readPatterns.push(/^media\/certificates\/.+\.pdf$/);
// The interface's words in each language (decision 0160): app/content/reader/messages.server.ts reads every listed language's file and names any other.
readPatterns.push(/^messages\/[^/]+\.yaml$/);
// The buyer's words in each other language (decision 0164): app/content/reader/buyer-words.server.ts reads them and names a folder of no language.
readPatterns.push(/^translations\/[^/]+\/(quotations|reply-templates)\.yaml$/);
// The quote form's and the form result pages' words in each other language (decision 0166): app/content/reader/messages.server.ts (readWordsPerLanguage) reads them and names any other.
readPatterns.push(/^(quote|form-results)\/[^/]+\.yaml$/);

/** Files a staff member or a developer left in the content folder that nothing reads (README.md and dotfiles aside). */
async function strayFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)).split(sep).join("/"))
    .filter((file) => file !== "README.md" && !file.split("/").some((part) => part.startsWith(".")) && !readPatterns.some((p) => p.test(file)))
    .sort();
}

export type Entries = Awaited<ReturnType<typeof readEntries>>;

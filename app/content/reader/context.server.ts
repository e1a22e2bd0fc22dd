import type { RichText } from "../rich-text";
import type { Collections, Entries, EntryOf, Singletons, Slugged } from "./entries.server";
import { markdocToRichText } from "./markdoc";
import { translationOf } from "../../lib/contracts/content-translations";
import { resolvePlaceholders, type PlaceholderValues } from "./placeholders";

// What every domain reader (site, home, company, forms, jobs, gallery) works with: the entries as
// the studio's schema types them, and one list of problems they all add to.

const byOrder = (a: Slugged, b: Slugged) => Number(a.entry.order) - Number(b.entry.order) || a.slug.localeCompare(b.slug);

export function readingContext(entries: Entries, { root, publicDir, today }: { root: string; publicDir: string; today: string }) {
  const { singletons, collections, problems, dirOf, shown } = entries;
  let values: PlaceholderValues | null = null;
  // Decision 0176: a translation's file fills its language's facts, formatted in that language.
  let valuesPerLanguage: Record<string, PlaceholderValues> = {};
  const languageOfFile = new Map<string, string>();
  for (const [key, one] of Object.entries(singletons)) {
    const code = translationOf(key)?.code;
    if (code) languageOfFile.set(one.file, code);
  }
  for (const [key, items] of Object.entries(collections)) {
    const code = translationOf(key)?.code;
    if (code) for (const item of items) languageOfFile.set(item.file, code);
  }
  /** The facts a file's placeholders name, and its language (none: the default's). */
  const valuesOf = (file: string): [PlaceholderValues | null, string | undefined] => {
    const code = languageOfFile.get(file);
    const own = code ? valuesPerLanguage[code] : undefined;
    return own ? [own, code] : [values, undefined];
  };

  const one = <K extends keyof Singletons>(key: K) => singletons[key as string]?.entry as unknown as EntryOf<Singletons[K]>;
  const fileOf = (key: keyof Singletons) => singletons[key as string]!.file;
  /** {site.…} and {business.…} in any text: filled in, an unknown name is a problem. */
  const fill = <T>(file: string, value: T): T => {
    const [shown, code] = valuesOf(file);
    return shown ? resolvePlaceholders(value, shown, (path, msg) => problems.push(`${file}: ${path}: ${msg}`), [], code) : value;
  };

  return {
    root,
    publicDir,
    today,
    problems,
    dirOf,
    shown,
    one,
    fileOf,
    fill,
    /** A singleton with its placeholders filled. */
    entryOf: <K extends keyof Singletons>(key: K) => fill(fileOf(key), one(key)),
    /** A collection's entries, by their `order` field, then address. */
    list: <K extends keyof Collections>(key: K) =>
      (collections[key as string] ?? []).slice().sort(byOrder) as unknown as Slugged<EntryOf<Collections[K]>>[],
    rule(file: string, ok: boolean, message: string) {
      if (!ok) problems.push(`${file}: ${message}`);
    },
    /** Markdoc → rich text with placeholders filled, the file and field named on failure. */
    rich(file: string, field: string, value: unknown): RichText {
      try {
        const tree = markdocToRichText((value as { node: Parameters<typeof markdocToRichText>[0] }).node);
        const [shown, code] = valuesOf(file);
        return shown ? resolvePlaceholders(tree, shown, (_, msg) => problems.push(`${file}: ${field}: ${msg}`), [], code) : tree;
      } catch (err) {
        problems.push(`${file}: ${field}: ${(err as Error).message}`);
        return [];
      }
    },
    /** The facts placeholders name, once the site's are known. */
    usePlaceholders(next: PlaceholderValues | null) {
      values = next;
    },
    /** Each other language's facts (decision 0176), by code: what its translations' placeholders name. */
    usePlaceholdersPerLanguage(next: Record<string, PlaceholderValues>) {
      valuesPerLanguage = next;
    },
  };
}

export type ReadingContext = ReturnType<typeof readingContext>;

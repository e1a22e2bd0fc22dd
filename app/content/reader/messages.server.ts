import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { type ComponentSchema, config, singleton } from "@keystatic/core";
import { createReader } from "@keystatic/core/reader";
import { shownContentPath } from "../../lib/contracts/content-path";
import { fixedInEnglish, messagesSchema } from "../studio/messages";
import { fieldLines, type EntryOf, type Singletons } from "./entries.server";

// The interface's words per language (decision 0160): content/messages/<code>.yaml for every
// language of content/locales.yaml, each read with the studio's one set of fields
// (app/content/studio/messages.ts), so a word missing in any language stops the build with the file and field.

/** One language's interface words. */
export type Messages = EntryOf<Singletons["messages"]>;

/** Every listed language's words, by code; problems (`content/messages/de.yaml: header.mainMenu: …`) added to `problems`. */
export async function readMessages(root: string, codes: readonly string[], problems: string[]): Promise<Record<string, Messages>> {
  const shown = (code: string) => shownContentPath(join(root, "messages", `${code}.yaml`), root);
  const messages = await readWordsPerLanguage<Messages>(root, codes, { dir: "messages", schema: messagesSchema, label: "its interface words" }, problems);
  // The specification's English words stay word for word in the default language (codes[0]).
  const source = codes[0] && messages[codes[0]];
  for (const [group, words] of Object.entries(fixedInEnglish)) {
    for (const [field, word] of Object.entries(words)) {
      const value = source && (source[group as keyof Messages] as Record<string, string>)[field];
      if (source && value !== word) problems.push(`${shown(codes[0]!)}: ${group}.${field}: must be exactly "${word}" (fixed by the specification)`);
    }
  }
  return messages;
}

/**
 * Each of `codes`' words in `<dir>/<code>.yaml`, read with `schema` (the studio's fields): a missing
 * file, a field missing or wrong, and a file of no language in `codes` are added to `problems`,
 * named with file and field. The interface words (`messages/`, every language) and the quote form's
 * and the result pages' words in each other language (`quote/`, `form-results/`: decision 0166).
 */
export async function readWordsPerLanguage<Entry>(
  root: string,
  codes: readonly string[],
  { dir, schema, label }: { dir: string; schema: Record<string, ComponentSchema>; label: string },
  problems: string[],
): Promise<Record<string, Entry>> {
  const shown = (file: string) => shownContentPath(join(root, dir, file), root);
  const perLanguage = Object.fromEntries(
    codes.map((code) => [code, singleton({ label: code, path: `${dir}/${code}`, format: { data: "yaml" }, schema })]),
  );
  const reader = createReader(root, config({ storage: { kind: "local" }, singletons: perLanguage }));
  const words: Record<string, Entry> = {};
  for (const code of codes) {
    try {
      const entry = (await reader.singletons[code]!.read()) as Entry | null;
      if (entry) words[code] = entry;
      else problems.push(`${shown(`${code}.yaml`)}: file missing (every language of content/locales.yaml needs ${label})`);
    } catch (err) {
      for (const line of fieldLines(err)) problems.push(`${shown(`${code}.yaml`)}: ${line}`);
    }
  }
  const files = await readdir(join(root, dir)).catch(() => [] as string[]);
  for (const file of files.filter((f) => f.endsWith(".yaml") && !codes.includes(f.slice(0, -".yaml".length)))) {
    problems.push(`${shown(file)}: not a language of content/locales.yaml read from this folder; add the language there or delete the file`);
  }
  return words;
}

/** A menu or footer link; `lang` when its label is shown untranslated on another language's page (a gallery family's name). */
type Link = { label: string; to: string; lang?: string };
/** The menu and the footer's Quick View links as the pages receive them (app/content/reader/site.server.ts readFrame). */
export type Navigation = { menu: (Link | { label: string; id: string; children: Link[]; lang?: string })[]; quickView: (Link | { label: string; lang?: string })[] };

/** What a page in one language gets (the root loader): its interface words, and the menu and footer links in its words. */
export type ShownWords = Omit<Messages, "menu"> & { navigation: Navigation };

/**
 * Each language's words as its pages get them: the menu's and the footer links' labels (written in
 * English in content/navigation.yaml) in that language, from its file's `menu` list (English label
 * → label). A label without a translation stops the build, naming the file and the label. The
 * gallery families' names in the menu (`keep`) are content of their own: their translation where
 * there is one (`named`, decision 0171), else as they are, marked with the default language's `lang`
 * (decision 0160).
 */
export function wordsPerLanguage(
  messages: Record<string, Messages>,
  navigation: Navigation,
  codes: readonly string[],
  {
    keep,
    problems,
    root,
    named = {},
  }: {
    keep: ReadonlySet<string>;
    problems: string[];
    root: string;
    /** A kept label's translation in a language (the gallery families' names, decision 0171): code → English label → its name there. */
    named?: Record<string, ReadonlyMap<string, string>>;
  },
): Record<string, ShownWords> {
  const shown = (code: string) => shownContentPath(join(root, "messages", `${code}.yaml`), root);
  const result: Record<string, ShownWords> = {};
  for (const [i, code] of codes.entries()) {
    const words = messages[code];
    if (!words) continue;
    const { menu: translations, ...rest } = words;
    const byEnglish = new Map(translations.map((t) => [t.english, t.label]));
    const missing = new Set<string>();
    const say = (label: string) => {
      if (i === 0 || keep.has(label)) return label;
      const translated = byEnglish.get(label);
      if (translated === undefined) missing.add(label);
      return translated ?? label;
    };
    // A kept label is the default language's words on this language's pages: it carries that `lang`.
    const link = <L extends { label: string }>(l: L): L => {
      const name = named[code]?.get(l.label);
      if (i > 0 && name !== undefined) return { ...l, label: name };
      return i > 0 && keep.has(l.label) ? { ...l, lang: codes[0] } : { ...l, label: say(l.label) };
    };
    result[code] = {
      ...rest,
      navigation: {
        menu: navigation.menu.map((item) => ("children" in item ? { ...link(item), children: item.children.map(link) } : link(item))),
        quickView: navigation.quickView.map(link),
      },
    };
    for (const label of missing) problems.push(`${shown(code)}: menu: no label for "${label}" (Menu and footer links); add it in this language`);
  }
  return result;
}

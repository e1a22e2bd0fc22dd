import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { config, singleton } from "@keystatic/core";
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
  const perLanguage = Object.fromEntries(codes.map((code) => [code, singleton({ label: code, path: `messages/${code}`, format: { data: "yaml" }, schema: messagesSchema })]));
  const reader = createReader(root, config({ storage: { kind: "local" }, singletons: perLanguage }));
  const messages: Record<string, Messages> = {};
  for (const code of codes) {
    try {
      const entry = (await reader.singletons[code]!.read()) as Messages | null;
      if (entry) messages[code] = entry;
      else problems.push(`${shown(code)}: file missing (every language of content/locales.yaml needs its interface words)`);
    } catch (err) {
      for (const line of fieldLines(err)) problems.push(`${shown(code)}: ${line}`);
    }
  }
  // The specification's English words stay word for word in the default language (codes[0]).
  const source = codes[0] && messages[codes[0]];
  for (const [group, words] of Object.entries(fixedInEnglish)) {
    for (const [field, word] of Object.entries(words)) {
      const value = source && (source[group as keyof Messages] as Record<string, string>)[field];
      if (source && value !== word) problems.push(`${shown(codes[0]!)}: ${group}.${field}: must be exactly "${word}" (fixed by the specification)`);
    }
  }
  const files = await readdir(join(root, "messages")).catch(() => [] as string[]);
  for (const file of files.filter((f) => f.endsWith(".yaml") && !codes.includes(f.slice(0, -".yaml".length)))) {
    problems.push(`${shownContentPath(join(root, "messages", file), root)}: not a language of content/locales.yaml; add the language there or delete the file`);
  }
  return messages;
}

// A sentence of the page's words with names in it ("Produktübersicht Women herunterladen"), each
// name in its own language (decision 0183): the sentence as parts, a part's `lang` only where it is
// not the sentence's, so a screen reader reads an English name in a German sentence with an English
// voice. The build fills the line sheets' links; the page fills the words of its own messages around a
// product's name (Add to quote, the product video's text alternative), whose state the browser also
// makes (a product page reached by a link reads /data.json).

// Words and the language they are in where it is not the sentence's: one type with the server's
// documents (the quotation's letterhead), declared in the contracts the server may import.
import type { TextPart } from "./contracts/server-settings";

export type { TextPart };

/**
 * `template` with each `{name}` filled by `values`: a string is words of the sentence, parts keep
 * their `lang` where it is not `lang` (the sentence's; none marks every part that has one). Next
 * parts in one language are joined; an unknown `{name}` stays as written.
 */
export function fillParts(template: string, values: Record<string, string | readonly TextPart[]>, lang?: string): TextPart[] {
  const parts: TextPart[] = [];
  // split with a group: the words around the slots at even places, the slots' names at odd ones.
  template.split(/\{(\w+)\}/).forEach((piece, i) => {
    const value = i % 2 ? (values[piece] ?? `{${piece}}`) : piece;
    for (const { text, lang: own } of typeof value === "string" ? [{ text: value }] : value) {
      const part = own === lang ? undefined : own;
      const last = parts.at(-1);
      if (last && last.lang === part) last.text += text;
      else if (text) parts.push(part ? { text, lang: part } : { text });
    }
  });
  return parts;
}

/** The sentence as one string (an attribute's value: `aria-label`, `<title>`). */
export const partsText = (parts: readonly TextPart[]) => parts.map((p) => p.text).join("");

import { useMessages } from "./messages";

// The catalogue's and certificates' page words in the shown page's language (decision 0167):
// content/gallery/catalogue.yaml's in English, a translation's content/gallery/catalogue/<code>.yaml
// over it (or the English words, marked with their `lang`). Root data of the gallery's pages and the
// compliance page only (app/root.tsx, app/content/page-word-groups.ts), never JavaScript.
export type CatalogueWords = ReturnType<typeof useMessages>["catalogue"];

/**
 * The words, the `lang` of the elements showing them (undefined: the page's own) and the language
 * their numbers and dates are written in (the words', so an English sentence gets an English date).
 */
export function useCatalogueWords() {
  const messages = useMessages();
  const words = messages.catalogue;
  return { words, lang: words.lang ?? undefined, code: words.lang ?? messages.lang };
}

import { setWordAt, translatedTypes, translationKey, wordAt, type TranslatedKey } from "../../lib/contracts/content-translations";
import { pageFileSlug, type PageId } from "../page-paths";
import type { RichText } from "../rich-text";
import type { ReadingContext } from "./context.server";

// Content per language (decision 0165): each translated language's FAQ and page words, entry by
// entry the translation where there is one, else the English entry. `lang` on each entry says in
// which language it is shown: null on the default language's pages (the page's own), the
// translation's code, or the default's where the entry falls back to English, so the element
// showing it carries that `lang` and a screen reader does not read English with a German voice.

/** `lang` of a shown entry: null when it is in the page's language and nothing marks it. */
export type EntryLang = string | null;

type Page = { path: string; title: string; heading: string; breadcrumb: string; description: string; bannerImage: string };
type FaqEntry = { id: string; question: string; answer: RichText };
type Faq<V> = { heading: string; intro: string; entries: FaqEntry[]; bannerVideo: V };
type ShownFaq<V> = Omit<Faq<V>, "entries"> & { lang: EntryLang; entries: Array<FaqEntry & { lang: EntryLang }> };

type Slugged = { slug: string; file: string; entry: Record<string, unknown> };

export function readTranslations<V>(c: ReadingContext, codes: readonly string[], english: { pages: Record<PageId, Page>; faq: Faq<V> | undefined }) {
  const [defaultCode, ...translated] = codes;
  const list = (key: string) => (c.list as unknown as (key: string) => Slugged[])(key);
  const one = (key: string) => (c.one as unknown as (key: string) => Record<string, unknown> | null | undefined)(key);
  const fileOf = (key: string) => (c.fileOf as unknown as (key: string) => string)(key);

  type Shown = { pages: Record<PageId, Page & { lang: EntryLang }>; faq: ShownFaq<V> | undefined };
  const inDefault: Shown = {
    pages: Object.fromEntries(Object.entries(english.pages).map(([id, page]) => [id, { ...page, lang: null }])) as Shown["pages"],
    faq: english.faq && { ...english.faq, lang: null, entries: english.faq.entries.map((e) => ({ ...e, lang: null })) },
  };
  const perLanguage: Record<string, Shown> = defaultCode ? { [defaultCode]: inDefault } : {};

  for (const code of translated) {
    // The page words: a translated page's title, heading, breadcrumb and description; its banner stays the English entry's.
    const pageTranslations = new Map(list(translationKey("pages", code)).map((p) => [p.slug, p]));
    const pages = {} as Record<PageId, Page & { lang: EntryLang }>;
    for (const [id, page] of Object.entries(english.pages) as [PageId, Page][]) {
      const slug = pageFileSlug(id);
      const found = pageTranslations.get(slug);
      pageTranslations.delete(slug);
      if (!found) {
        pages[id] = { ...page, lang: defaultCode! };
        continue;
      }
      const { title, heading, breadcrumb, description } = c.fill(found.file, found.entry) as Record<string, string>;
      pages[id] = { ...page, title: title!, heading: heading!, breadcrumb: breadcrumb!, description: description!, lang: code };
    }
    for (const extra of pageTranslations.values()) c.problems.push(`${extra.file}: no English page of this id (content/pages/${extra.slug}.yaml)`);

    let faq: Shown["faq"];
    if (english.faq) {
      const faqTranslations = new Map(list(translationKey("faqEntries", code)).map((e) => [e.slug, e]));
      const entries = english.faq.entries.map((e) => {
        const found = faqTranslations.get(e.id);
        faqTranslations.delete(e.id);
        if (!found) return { ...e, lang: defaultCode! as EntryLang };
        return {
          ...e,
          question: c.fill(found.file, { question: found.entry.question as string }).question,
          answer: c.rich(found.file, "answer", found.entry.answer),
          lang: code as EntryLang,
        };
      });
      // A translation left by a deleted English question is not shown and stops nothing: a publish
      // must not fail for a file the editor who deleted the question never saw (decision 0165).
      const page = one(translationKey("faqPage", code));
      const words = page ? (c.fill(fileOf(translationKey("faqPage", code)), page) as { heading: string; intro: string }) : undefined;
      faq = {
        ...english.faq,
        ...(words ? { heading: words.heading, intro: words.intro } : {}),
        lang: words ? code : defaultCode!,
        entries,
      };
    }
    perLanguage[code] = { pages, faq };
  }
  return perLanguage;
}

/** A translation's file as the reader gives it: its id, its file (content/…) and its fields. */
export type TranslationFile = { slug: string; file: string; entry: Record<string, unknown> };

/**
 * A translated collection's entries in each language, the default first (decision 0168): the
 * default language's as they are (`lang` null), every other language's each entry with its
 * translation of the same id (`shown(entry, code, translation)`) or without one (`shown(entry,
 * defaultCode)`: the English entry, marked). A translation whose English entry is not among
 * `entries` (deleted, expired) is not shown and stops nothing, as the FAQ's (decision 0165).
 */
export function entriesPerLanguage<E extends { slug: string }, S>(
  c: ReadingContext,
  codes: readonly string[],
  key: TranslatedKey,
  entries: readonly E[],
  shown: (entry: E, lang: string | null, translation?: TranslationFile) => S,
): Record<string, S[]> {
  const [defaultCode, ...translated] = codes;
  if (!defaultCode) return {};
  const list = (c.list as unknown as (key: string) => TranslationFile[]).bind(c);
  const perLanguage: Record<string, S[]> = { [defaultCode]: entries.map((entry) => shown(entry, null)) };
  for (const code of translated) {
    const found = new Map(list(translationKey(key, code)).map((t) => [t.slug, t]));
    perLanguage[code] = entries.map((entry) => {
      const translation = found.get(entry.slug);
      return translation ? shown(entry, code, translation) : shown(entry, defaultCode);
    });
  }
  return perLanguage;
}

/**
 * A translated singleton's entry in each language, the default first (decision 0169): the English
 * file with its translation's words over it, field by field (a list's words by place, only the
 * places the English file has), or the English file; `lang` says which (null on the default
 * language's pages, the translation's code, or the default's where there is no translation).
 * Everything else in the file (media, links, facts) is always the English file's. Placeholders
 * filled, a problem named by the file it is in.
 */
export function singletonPerLanguage<E extends Record<string, unknown>>(c: ReadingContext, codes: readonly string[], key: TranslatedKey): Record<string, E & { lang: EntryLang }> {
  const [defaultCode, ...translated] = codes;
  const one = c.one as unknown as (key: string) => Record<string, unknown> | null | undefined;
  const fileOf = c.fileOf as unknown as (key: string) => string;
  const english = one(key) ?? {};
  const shown = (code: string | null): E & { lang: EntryLang } => {
    const translation = code ? one(translationKey(key, code)) : undefined;
    const { fields, body } = translatedTypes[key];
    // A Markdoc body (decision 0170: the about page's intro, the MD's message) is a parsed document,
    // not cloned: the translation's whole, or the English one.
    const entry = structuredClone(body ? { ...english, [body]: undefined } : english);
    if (body) entry[body] = translation?.[body] ?? english[body];
    if (translation) {
      for (const field of fields) {
        const words = wordAt(translation, field);
        if (words !== undefined && wordAt(english, field) !== undefined) setWordAt(entry, field, words);
      }
    }
    const lang: EntryLang = code === null ? null : translation ? code : defaultCode!;
    return { ...(c.fill(fileOf(translation ? translationKey(key, code!) : key), entry) as E), lang };
  };
  if (!defaultCode) return {};
  return Object.fromEntries([[defaultCode, shown(null)], ...translated.map((code) => [code, shown(code)])]);
}

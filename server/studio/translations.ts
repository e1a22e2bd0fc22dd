import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { js2xliff, xliff2js } from "xliff";
import { parse, stringify } from "yaml";
import {
  translatedFile,
  translatedKeys,
  translatedTypes,
  translationKey,
  setWordAt,
  wordAt,
  type ContentLocale,
  type TranslatedKey,
} from "../../app/lib/contracts/content-translations";
import {
  acknowledgementWordsDefaults,
  quotationPageWordsDefaults,
  quotationPdfWordsDefaults,
  quotationSettingsDefaults,
} from "../../app/lib/contracts/server-settings";
import type { Database } from "../db/db";
import { lastWrittenAt, textsAt, type RevisionActor } from "../leads/content-history";
import type { ContentSaves, SaveBody } from "./content-saves";

// Translations the company manages (decision 0165): per language, which translated entries are
// missing and which are out of date (their English words changed since the translation, from the
// content history: decision 0203), an XLIFF 2.0 file of those texts for a translation agency, and that file's
// import: every unit checked first (its entry, its field, a target, the entry's schema as the studio
// checks a save); one refused unit refuses the whole file, nothing written; then each entry is
// written through the studio's own save (content-saves.ts: its revision, audit entry and draft).

/**
 * A translated entry of the English content: its type, id (the file's name; "" for a singleton) and
 * English words; `datedBy`, the English files whose saves make its translation out of date (its own
 * first, then any its words also come from: decision 0182).
 */
export type SourceEntry = {
  key: TranslatedKey;
  slug: string;
  english: Record<string, string>;
  englishPath: string;
  translationPath: string;
  datedBy: string[];
};

export type TranslationState = "missing" | "out-of-date";

export type TranslationRow = SourceEntry & {
  state: TranslationState;
  /** The English words' last recorded save, and the translation's (or its file's time when no save of it is recorded). */
  englishAt?: Date;
  translatedAt?: Date;
  /** The translation's words as they are (whenever it has a file), for the XLIFF's target to start from. */
  translated?: Record<string, string>;
  /** The English words a translation that has a file lacks, where its words are listed one by one (decision 0182). */
  missingWords?: string[];
  /** Out of date: the translated fields whose English words changed since the translation (decision 0203); absent where the history cannot say (out of date by time). */
  changedWords?: string[];
};

/** A file's header (YAML between --- lines) and body, for a Markdoc entry. */
function splitFrontmatter(text: string): { header: Record<string, unknown>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!match) return { header: {}, body: text };
  return { header: (parse(match[1]!) as Record<string, unknown> | null) ?? {}, body: match[2]!.replace(/\s+$/, "") };
}

/** An entry's words (the translated type's fields) from its data: a field's text, blank ones left out. */
function wordsIn(key: TranslatedKey, entry: Record<string, unknown>, body = ""): Record<string, string> {
  const type = translatedTypes[key];
  const words: Record<string, string> = {};
  for (const field of type.fields) {
    const value = field === type.body ? body : wordAt(entry, field);
    if (typeof value === "string" && value.trim() !== "") words[field] = value;
  }
  return words;
}

/** An entry's words (the translated type's fields) from its file's text. */
export function wordsOf(key: TranslatedKey, text: string): Record<string, string> {
  const type = translatedTypes[key];
  const { header, body } = type.body ? splitFrontmatter(text) : { header: (parse(text) as Record<string, unknown> | null) ?? {}, body: "" };
  return wordsIn(key, header, body);
}

/** The list a type's translation names by its English items (`menu: - english: HOME`), and their English names by place (decision 0182). */
function namedList(key: TranslatedKey, english: Record<string, string>): { list: string; name: string; names: (string | undefined)[] } | undefined {
  const type = translatedTypes[key];
  if (!("byEnglishName" in type)) return undefined;
  const { list, name } = type.byEnglishName;
  const names: (string | undefined)[] = [];
  for (let i = 0; (type.fields as readonly string[]).includes(`${list}.${i}.${name}`); i++) names.push(english[`${list}.${i}.${name}`]);
  return { list, name, names };
}

type Item = Record<string, unknown>;
const itemsOf = (value: unknown): Item[] => (Array.isArray(value) ? value.filter((item): item is Item => !!item && typeof item === "object") : []);

/**
 * A translation's entry with its list named by English items laid out at the English places: the
 * place of the English "HOME" holds the translation's item whose `english` is "HOME", or nothing.
 * So its words have the English fields' names (`menu.0.label`), as every translated field does.
 */
function atEnglishPlaces(key: TranslatedKey, entry: Record<string, unknown>, english: Record<string, string>): Record<string, unknown> {
  const named = namedList(key, english);
  if (!named) return entry;
  const items = itemsOf(entry[named.list]);
  return { ...entry, [named.list]: named.names.map((name) => ({ ...items.find((item) => name !== undefined && item.english === name) })) };
}

/** A translation's words from its file's text, by the English fields' names (a list named by English items at their English places). */
export function translationWordsOf(source: Pick<SourceEntry, "key" | "english">, text: string): Record<string, string> {
  const type = translatedTypes[source.key];
  if (type.body) return wordsOf(source.key, text);
  return wordsIn(source.key, atEnglishPlaces(source.key, (parse(text) as Record<string, unknown> | null) ?? {}, source.english));
}

/**
 * The words a translation lacks that the report lists one by one (decision 0182): every word of the
 * buyer's words (`wordByWord`: a word left out is English for the buyer), and the places of a list
 * named by English items (the menu's labels: one left out stops the build).
 */
function wordsLacking(source: Pick<SourceEntry, "key" | "english">, translated: Record<string, string>): string[] {
  const type = translatedTypes[source.key];
  const listed = namedList(source.key, source.english)?.list;
  return type.fields.filter(
    (field) =>
      ("wordByWord" in type || (listed !== undefined && field.startsWith(`${listed}.`))) &&
      source.english[field] !== undefined &&
      translated[field] === undefined,
  );
}

/**
 * A translation's file as the studio writes it: YAML, or a Markdoc file's YAML header and its body.
 * `base`: the entry to write the words over (decision 0179: an interface words file's whole entry, the
 * translation as it is or the English file for a new one; decision 0182: the buyer's words as they
 * are), whose fields that are no words (a link's address, a reply's English name) are kept. A list
 * named by English items (`english`: the English words) keeps its items' order, a new one added last.
 */
export function translationText(
  key: TranslatedKey,
  words: Record<string, string>,
  base: Record<string, unknown> = {},
  english: Record<string, string> = {},
): string {
  const type = translatedTypes[key];
  // A dotted field (location.country, contact.heading) is written inside its object, as the studio does (decision 0168).
  const header: Record<string, unknown> = structuredClone(atEnglishPlaces(key, base, english));
  for (const field of type.fields) if (field !== type.body && words[field] !== undefined) setWordAt(header, field, words[field]!);
  const named = namedList(key, english);
  if (named) {
    const items = itemsOf(base[named.list]).map((item) => ({ ...item }));
    itemsOf(header[named.list]).forEach((placed, i) => {
      const name = named.names[i];
      const { english: _, ...given } = placed;
      if (name === undefined || Object.keys(given).length === 0) return;
      const at = items.findIndex((item) => item.english === name);
      if (at >= 0) items[at] = { ...items[at], ...given };
      else items.push({ english: name, ...given });
    });
    if (items.length || named.list in base) header[named.list] = items;
    else delete header[named.list];
  }
  if (!type.body) return stringify(header);
  return `---\n${stringify(header)}---\n${words[type.body] ?? ""}\n`;
}

const readText = (path: string) => readFile(path, "utf8").catch(() => null);

/** The ids of a collection's English files: file names, or a nested type's `folder/name` (a gallery item's men/tshirt, decision 0171). */
async function collectionSlugs(dir: string, extension: string, nested: boolean): Promise<string[]> {
  const items = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const here = items.filter((item) => item.isFile() && item.name.endsWith(extension)).map((item) => item.name.slice(0, -extension.length));
  if (!nested) return here.sort();
  const below = await Promise.all(
    items
      .filter((item) => item.isDirectory())
      .map(async (folder) => (await collectionSlugs(join(dir, folder.name), extension, false)).map((slug) => `${folder.name}/${slug}`)),
  );
  return below.flat().sort();
}

/** A content file's text by its path in the content folder (`quote.yaml`): as it is on disk, or as it was (decision 0203). */
type ReadContent = (file: string) => Promise<string | null>;
const onDisk =
  (contentDir: string): ReadContent =>
  (file) =>
    readText(join(contentDir, file));

const readYaml = async (read: ReadContent, file: string): Promise<Record<string, unknown>> =>
  (parse((await read(file)) ?? "") as Record<string, unknown> | null) ?? {};

/**
 * The English words a type's English file does not hold (decision 0182), with the files they come
 * from whose saves date its translations: `under` the file's words (the server's defaults, which its
 * words replace), `over` them. The buyer's quotation words: the server's defaults where
 * content/quotations.yaml has none (the PDF's and the acknowledgement's are only defaults), the
 * payment modes the quote form's (content/quote.yaml), as the build gives them to the server. The
 * menu's labels: content/navigation.yaml's, each once, but the gallery families' names the menu
 * takes from the families (translated with them, decision 0171).
 */
type EnglishBesides = { under?: Record<string, unknown>; over?: Record<string, unknown>; datedBy?: string[] };
const englishBesides: Partial<Record<TranslatedKey, (read: ReadContent, contentDir: string) => Promise<EnglishBesides>>> = {
  quotations: async (read) => {
    const quote = await readYaml(read, "quote.yaml");
    const { paymentTerms, sampleTerms, terms } = quotationSettingsDefaults;
    return {
      under: {
        paymentTerms,
        sampleTerms,
        terms,
        page: quotationPageWordsDefaults,
        pdf: quotationPdfWordsDefaults,
        acknowledgement: acknowledgementWordsDefaults,
      },
      over: { paymentModes: { ...quotationSettingsDefaults.paymentModes, ...(quote.paymentModes as object | undefined) } },
      datedBy: ["content/quote.yaml"],
    };
  },
  messages: async (read, contentDir) => {
    const navigation = await readYaml(read, "navigation.yaml");
    const families = await readdir(join(contentDir, "gallery/families")).catch(() => [] as string[]);
    const familyNames = new Set(
      await Promise.all(families.filter((f) => f.endsWith(".yaml")).map(async (f) => (await readYaml(read, `gallery/families/${f}`)).label)),
    );
    const labels = [...itemsOf(navigation.menu).flatMap((item) => [item, ...itemsOf(item.children)]), ...itemsOf(navigation.quickView)]
      .map((link) => link.label)
      .filter((label): label is string => typeof label === "string" && label.trim() !== "" && !familyNames.has(label));
    return { over: { menu: [...new Set(labels)].map((label) => ({ label })) } };
  },
};

/** An English entry's words: its file's over the words it does not hold, those of other files over them (decision 0182). */
const englishWords = (key: TranslatedKey, text: string, besides: EnglishBesides | undefined): Record<string, string> => ({
  ...wordsIn(key, besides?.under ?? {}),
  ...wordsOf(key, text),
  ...wordsIn(key, besides?.over ?? {}),
});

/**
 * The translated fields whose English words differ from those a translation made at `since` was
 * made from (decision 0203): the entry's English read from its files as the content history has
 * them at `since` (those saved since; the others as they are). Undefined when the history cannot
 * tell (a file's first save since recorded no text before it): the rule by time then stands.
 */
async function englishChangedSince(db: Database, contentDir: string, source: SourceEntry, since: Date): Promise<string[] | undefined> {
  const then = await textsAt(db, source.datedBy, since);
  if ([...then.values()].includes(null)) return undefined;
  const read: ReadContent = (file) => (then.has(`content/${file}`) ? Promise.resolve(then.get(`content/${file}`)!) : readText(join(contentDir, file)));
  const text = await read(source.englishPath.slice("content/".length));
  if (text === null) return undefined;
  const before = englishWords(source.key, text, await englishBesides[source.key]?.(read, contentDir));
  return translatedTypes[source.key].fields.filter((field) => source.english[field] !== undefined && source.english[field] !== before[field]);
}

/** Every English entry of the translated types in the content folder, with its files' paths as a save names them (content/…). */
export async function sourceEntries(contentDir: string, code: string): Promise<SourceEntry[]> {
  const found: SourceEntry[] = [];
  for (const key of translatedKeys) {
    const type = translatedTypes[key];
    const slugs = type.kind === "singleton" ? [""] : await collectionSlugs(join(contentDir, type.dir(null)), type.extension, "nested" in type && type.nested);
    const besides = await englishBesides[key]?.(onDisk(contentDir), contentDir);
    for (const slug of slugs) {
      const text = await readText(join(contentDir, translatedFile(key, null, slug)));
      if (text === null) continue;
      const englishPath = `content/${translatedFile(key, null, slug)}`;
      found.push({
        key,
        slug,
        english: englishWords(key, text, besides),
        englishPath,
        translationPath: `content/${translatedFile(key, code, slug)}`,
        datedBy: [englishPath, ...(besides?.datedBy ?? [])],
      });
    }
  }
  return found;
}

/** The entries of a language that are missing or out of date, in the types' order. */
export async function translationReport(options: { contentDir: string; db: Database; code: string }): Promise<TranslationRow[]> {
  const { contentDir, db, code } = options;
  const sources = await sourceEntries(contentDir, code);
  const written = await lastWrittenAt(
    db,
    sources.flatMap((s) => [...s.datedBy, s.translationPath]),
  );
  const rows: TranslationRow[] = [];
  for (const source of sources) {
    const file = join(contentDir, source.translationPath.slice("content/".length));
    const text = await readText(file);
    const englishAt = source.datedBy
      .map((path) => written.get(path))
      .reduce<Date | undefined>((latest, at) => (at && (!latest || at > latest) ? at : latest), undefined);
    if (text === null) {
      rows.push({ ...source, state: "missing", englishAt });
      continue;
    }
    const translated = translationWordsOf(source, text);
    const translatedAt = written.get(source.translationPath) ?? (await stat(file)).mtime;
    const missingWords = wordsLacking(source, translated);
    if (missingWords.length) rows.push({ ...source, state: "missing", englishAt, translatedAt, translated, missingWords });
    else if (englishAt && englishAt > translatedAt) {
      // Saved since, but out of date only where a translated field's English words changed (decision 0203): not for its order, a photo, a number.
      const changedWords = await englishChangedSince(db, contentDir, source, translatedAt);
      if (changedWords === undefined) rows.push({ ...source, state: "out-of-date", englishAt, translatedAt, translated });
      else if (changedWords.length) rows.push({ ...source, state: "out-of-date", englishAt, translatedAt, translated, changedWords });
    }
  }
  return rows;
}

/**
 * An XLIFF <file>'s id for an entry: its type and id (NMTOKEN: letters, digits, '-', '.', ':'):
 * faqEntries:moq, faqPage; a gallery item's `family/item` with a '.' for the '/' and a '_' for an '&'
 * (galleryItems:nontextile.straw_plasticbasket; neither is in an address, decision 0171).
 */
export const xliffFileId = (key: TranslatedKey, slug: string) => (slug ? `${key}:${slug.replaceAll("/", ".").replaceAll("&", "_")}` : key);

/**
 * The fields an entry's export carries (decision 0206): a new translation's every field; of one that
 * lacks words, those words; of an out-of-date one, the fields whose English words changed, so an
 * agency is sent (and paid for) only what needs translating. A place of a list named by English
 * items carries its name too, by which the import checks the place still holds that item. Where the
 * history cannot say what changed (out of date by time), every field.
 */
function fieldsToTranslate(row: TranslationRow): readonly string[] {
  const fields: readonly string[] = translatedTypes[row.key].fields;
  const only = row.state === "out-of-date" ? row.changedWords : row.missingWords;
  if (!row.translated || !only) return fields;
  const carried = new Set(only);
  const named = namedList(row.key, row.english);
  for (const field of only) {
    const place = named && new RegExp(`^${named.list}\\.(\\d+)\\.`).exec(field)?.[1];
    if (place) carried.add(`${named.list}.${place}.${named.name}`);
  }
  return fields.filter((field) => carried.has(field));
}

/** The XLIFF 2.0 document of these entries' words to translate: English source, the translation so far (out of date, or words missing) or empty as target. */
export async function exportXliff(defaultCode: string, code: string, rows: readonly TranslationRow[]): Promise<string> {
  const resources: Record<string, Record<string, { source: string; target: string }>> = {};
  for (const row of rows) {
    const units: Record<string, { source: string; target: string }> = {};
    for (const field of fieldsToTranslate(row)) {
      const source = row.english[field];
      if (source === undefined) continue;
      units[field] = { source, target: row.translated?.[field] ?? "" };
    }
    resources[xliffFileId(row.key, row.slug)] = units;
  }
  return js2xliff({ sourceLanguage: defaultCode, targetLanguage: code, resources });
}

/**
 * The entry a translation's words are written over: an interface words file's (decision 0179) the
 * translation as it is, else the English file; the buyer's words' (decision 0182) the translation as
 * it is, else nothing (never the English words: a word left out is English where it is used); the
 * other types' nothing, a translation holding only its words.
 */
async function baseOf(key: TranslatedKey, contentDir: string, existing: string | null, englishPath: string): Promise<Record<string, unknown>> {
  const type = translatedTypes[key];
  if (!("whole" in type) && !("wordByWord" in type)) return {};
  const text = existing ?? ("whole" in type ? await readText(join(contentDir, englishPath.slice("content/".length))) : null);
  return (parse(text ?? "") as Record<string, unknown> | null) ?? {};
}

/** A unit (or file) the import refused, and why. */
export type RefusedUnit = { unit: string; reason: string };

export type ImportOutcome = { ok: true; written: string[] } | { ok: false; refused: RefusedUnit[]; written: string[] };

/**
 * Imports an agency's XLIFF 2.0 file into `locale`: every unit checked before anything is written
 * (all or nothing per file); then each entry saved through the studio's save, one revision each.
 */
export async function importXliff(options: {
  xml: string;
  defaultCode: string;
  locale: ContentLocale;
  contentDir: string;
  saves: Pick<ContentSaves, "save" | "schemaProblem">;
  actor: RevisionActor;
  requestUrl: string;
}): Promise<ImportOutcome> {
  const { xml, defaultCode, locale, contentDir, saves, actor } = options;
  let parsed: { sourceLanguage?: string; targetLanguage?: string; resources?: Record<string, Record<string, { source?: unknown; target?: unknown }>> };
  try {
    parsed = (await xliff2js(xml)) as typeof parsed;
  } catch (error) {
    return { ok: false, written: [], refused: [{ unit: "the file", reason: `it is not an XLIFF 2.0 document (${(error as Error).message})` }] };
  }
  const refused: RefusedUnit[] = [];
  if (parsed.sourceLanguage !== defaultCode)
    refused.push({ unit: "the file", reason: `its source language is ${JSON.stringify(parsed.sourceLanguage ?? "")}, not ${defaultCode}` });
  if (parsed.targetLanguage !== locale.code)
    refused.push({ unit: "the file", reason: `its target language is ${JSON.stringify(parsed.targetLanguage ?? "")}, not ${locale.code} (${locale.name})` });
  const sources = new Map((await sourceEntries(contentDir, locale.code)).map((s) => [xliffFileId(s.key, s.slug), s]));
  const files = Object.entries(parsed.resources ?? {});
  if (files.length === 0 && refused.length === 0) refused.push({ unit: "the file", reason: "it holds no units" });

  const writes: Array<{ source: SourceEntry; text: string }> = [];
  for (const [fileId, units] of files) {
    const source = sources.get(fileId);
    if (!source) {
      refused.push({ unit: fileId, reason: "no English entry of this id (renamed or deleted since the export?)" });
      continue;
    }
    const type = translatedTypes[source.key];
    const existing = await readText(join(contentDir, source.translationPath.slice("content/".length)));
    const before = existing === null ? {} : translationWordsOf(source, existing);
    const words = { ...before };
    const named = namedList(source.key, source.english);
    for (const [unitId, unit] of Object.entries(units)) {
      const name = `${fileId}/${unitId}`;
      if (!(type.fields as readonly string[]).includes(unitId)) {
        refused.push({ unit: name, reason: `not a translated field (${type.fields.join(", ")})` });
        continue;
      }
      // A list named by English items is exchanged by place (decision 0182): its place must still hold the English item the agency translated.
      const place = named && new RegExp(`^${named.list}\\.(\\d+)\\.`).exec(unitId)?.[1];
      const sent = place && units[`${named.list}.${place}.${named.name}`]?.source;
      const now = place ? (named.names[Number(place)] ?? "") : "";
      if (typeof sent === "string" && sent.trim() !== now.trim()) {
        refused.push({ unit: name, reason: `its English is no longer ${JSON.stringify(sent.trim())} (now ${JSON.stringify(now)}): export the texts again` });
        continue;
      }
      const target = typeof unit.target === "string" ? unit.target.trim() : "";
      // The buyer's words (decision 0182): a word without a translation stays as it is, English where it is used.
      if (!target && "wordByWord" in type) continue;
      if (!target) {
        refused.push({ unit: name, reason: "no target (no translation)" });
        continue;
      }
      words[unitId] = target;
    }
    const lacking = "wordByWord" in type ? [] : type.fields.filter((field) => source.english[field] !== undefined && words[field] === undefined);
    if (lacking.length) {
      refused.push({ unit: fileId, reason: `a new translation needs every field; missing ${lacking.join(", ")}` });
      continue;
    }
    const text = translationText(source.key, words, await baseOf(source.key, contentDir, existing, source.englishPath), source.english);
    const problem = await saves.schemaProblem({ kind: type.kind, key: translationKey(source.key, locale.code), slug: source.slug }, [
      { path: source.translationPath, bytes: Buffer.from(text, "utf8") },
    ]);
    if (problem) refused.push({ unit: fileId, reason: `the content type refuses it (${problem})` });
    // Only a translation whose words change is written: its file as it was made (comments, layout) stays otherwise.
    else if (type.fields.some((field) => words[field] !== before[field])) writes.push({ source, text });
  }
  if (refused.length) return { ok: false, refused, written: [] };

  const written: string[] = [];
  for (const { source, text } of writes) {
    const body: SaveBody = { additions: [{ path: source.translationPath, contents: Buffer.from(text, "utf8").toString("base64url") }], deletions: [] };
    const outcome = await saves.save(body, { url: options.requestUrl, headers: { "no-cors": "1", "content-type": "application/json" } }, actor);
    if (!outcome.ok) {
      const fileId = xliffFileId(source.key, source.slug);
      return { ok: false, written, refused: [{ unit: fileId, reason: outcome.reason }] };
    }
    written.push(xliffFileId(source.key, source.slug));
  }
  return { ok: true, written };
}

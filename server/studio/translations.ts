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
import type { Database } from "../db/db";
import { lastWrittenAt, type RevisionActor } from "../leads/content-history";
import type { ContentSaves, SaveBody } from "./content-saves";

// Translations the company manages (decision 0165): per language, which translated entries are
// missing and which are out of date (their English source written after the translation, from the
// content history), an XLIFF 2.0 file of those texts for a translation agency, and that file's
// import: every unit checked first (its entry, its field, a target, the entry's schema as the studio
// checks a save); one refused unit refuses the whole file, nothing written; then each entry is
// written through the studio's own save (content-saves.ts: its revision, audit entry and draft).

/** A translated entry of the English content: its type, id (the file's name; "" for a singleton) and English words. */
export type SourceEntry = { key: TranslatedKey; slug: string; english: Record<string, string>; englishPath: string; translationPath: string };

export type TranslationState = "missing" | "out-of-date";

export type TranslationRow = SourceEntry & {
  state: TranslationState;
  /** The English words' last recorded save, and the translation's (or its file's time when no save of it is recorded). */
  englishAt?: Date;
  translatedAt?: Date;
  /** The translation's words as they are (out of date), for the XLIFF's target to start from. */
  translated?: Record<string, string>;
};

/** A file's header (YAML between --- lines) and body, for a Markdoc entry. */
function splitFrontmatter(text: string): { header: Record<string, unknown>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!match) return { header: {}, body: text };
  return { header: (parse(match[1]!) as Record<string, unknown> | null) ?? {}, body: match[2]!.replace(/\s+$/, "") };
}

/** An entry's words (the translated type's fields) from its file's text. */
export function wordsOf(key: TranslatedKey, text: string): Record<string, string> {
  const type = translatedTypes[key];
  const { header, body } = type.body ? splitFrontmatter(text) : { header: (parse(text) as Record<string, unknown> | null) ?? {}, body: "" };
  const words: Record<string, string> = {};
  for (const field of type.fields) {
    const value = field === type.body ? body : wordAt(header, field);
    if (typeof value === "string" && value.trim() !== "") words[field] = value;
  }
  return words;
}

/**
 * A translation's file as the studio writes it: YAML, or a Markdoc file's YAML header and its body.
 * `base`: an interface words file's whole entry (decision 0179: the translation as it is, or the
 * English file for a new one), whose fields that are no words (a link's address, the menu's labels)
 * are kept, the words set over it.
 */
export function translationText(key: TranslatedKey, words: Record<string, string>, base: Record<string, unknown> = {}): string {
  const type = translatedTypes[key];
  // A dotted field (location.country, contact.heading) is written inside its object, as the studio does (decision 0168).
  const header: Record<string, unknown> = structuredClone(base);
  for (const field of type.fields) if (field !== type.body && words[field] !== undefined) setWordAt(header, field, words[field]!);
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

/** Every English entry of the translated types in the content folder, with its files' paths as a save names them (content/…). */
export async function sourceEntries(contentDir: string, code: string): Promise<SourceEntry[]> {
  const found: SourceEntry[] = [];
  for (const key of translatedKeys) {
    const type = translatedTypes[key];
    const slugs = type.kind === "singleton" ? [""] : await collectionSlugs(join(contentDir, type.dir(null)), type.extension, "nested" in type && type.nested);
    for (const slug of slugs) {
      const text = await readText(join(contentDir, translatedFile(key, null, slug)));
      if (text === null) continue;
      found.push({
        key,
        slug,
        english: wordsOf(key, text),
        englishPath: `content/${translatedFile(key, null, slug)}`,
        translationPath: `content/${translatedFile(key, code, slug)}`,
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
    sources.flatMap((s) => [s.englishPath, s.translationPath]),
  );
  const rows: TranslationRow[] = [];
  for (const source of sources) {
    const file = join(contentDir, source.translationPath.slice("content/".length));
    const text = await readText(file);
    if (text === null) {
      rows.push({ ...source, state: "missing", englishAt: written.get(source.englishPath) });
      continue;
    }
    const englishAt = written.get(source.englishPath);
    const translatedAt = written.get(source.translationPath) ?? (await stat(file)).mtime;
    if (englishAt && englishAt > translatedAt) rows.push({ ...source, state: "out-of-date", englishAt, translatedAt, translated: wordsOf(source.key, text) });
  }
  return rows;
}

/**
 * An XLIFF <file>'s id for an entry: its type and id (NMTOKEN: letters, digits, '-', '.', ':'):
 * faqEntries:moq, faqPage; a gallery item's `family/item` with a '.' for the '/' and a '_' for an '&'
 * (galleryItems:nontextile.straw_plasticbasket; neither is in an address, decision 0171).
 */
export const xliffFileId = (key: TranslatedKey, slug: string) => (slug ? `${key}:${slug.replaceAll("/", ".").replaceAll("&", "_")}` : key);

/** The XLIFF 2.0 document of these entries' words: English source, the translation so far (out of date) or empty as target. */
export async function exportXliff(defaultCode: string, code: string, rows: readonly TranslationRow[]): Promise<string> {
  const resources: Record<string, Record<string, { source: string; target: string }>> = {};
  for (const row of rows) {
    const units: Record<string, { source: string; target: string }> = {};
    for (const field of translatedTypes[row.key].fields) {
      const source = row.english[field];
      if (source === undefined) continue;
      units[field] = { source, target: row.translated?.[field] ?? "" };
    }
    resources[xliffFileId(row.key, row.slug)] = units;
  }
  return js2xliff({ sourceLanguage: defaultCode, targetLanguage: code, resources });
}

/** An interface words file's entry to write a translation over (decision 0179): the translation as it is, else the English file. */
async function wholeBase(contentDir: string, existing: string | null, englishPath: string): Promise<Record<string, unknown>> {
  const text = existing ?? (await readText(join(contentDir, englishPath.slice("content/".length))));
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
    const words = existing === null ? {} : wordsOf(source.key, existing);
    for (const [unitId, unit] of Object.entries(units)) {
      const name = `${fileId}/${unitId}`;
      if (!(type.fields as readonly string[]).includes(unitId)) {
        refused.push({ unit: name, reason: `not a translated field (${type.fields.join(", ")})` });
        continue;
      }
      const target = typeof unit.target === "string" ? unit.target.trim() : "";
      if (!target) {
        refused.push({ unit: name, reason: "no target (no translation)" });
        continue;
      }
      words[unitId] = target;
    }
    const lacking = type.fields.filter((field) => source.english[field] !== undefined && words[field] === undefined);
    if (lacking.length) {
      refused.push({ unit: fileId, reason: `a new translation needs every field; missing ${lacking.join(", ")}` });
      continue;
    }
    const text = translationText(source.key, words, "whole" in type ? await wholeBase(contentDir, existing, source.englishPath) : undefined);
    const problem = await saves.schemaProblem({ kind: type.kind, key: translationKey(source.key, locale.code), slug: source.slug }, [
      { path: source.translationPath, bytes: Buffer.from(text, "utf8") },
    ]);
    if (problem) refused.push({ unit: fileId, reason: `the content type refuses it (${problem})` });
    else if (existing !== text) writes.push({ source, text });
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

/** @jsxImportSource hono/jsx */
import type { Config } from "@keystatic/core";
import { diffArrays, diffWords } from "diff";
import { parse as parseYaml } from "yaml";
import { staffText } from "../staff/ui";
import type { ContentEntries } from "./content-entries";

// A save's changes as the desk shows them (decisions 0096, 0150): a YAML file, and a Markdoc file's
// YAML header, as the fields that changed ("Phone: before → after", by the studio's own field
// labels, the key path where the schema has none), fields and list items added or removed marked
// in words; long text (a Markdoc body, a multi-line field) paragraph by paragraph with the words
// that changed, whitespace normalised first, so a paragraph only re-wrapped is no change; each
// photo before and after. Local mode's revisions and GitHub mode's commits both render through here.

const t = staffText.history;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Keystatic's Config is generic over every collection
type AnyConfig = Config<any, any>;

/** What the diff reads of a Keystatic field: its label, its sub-fields, a list's element, a select's options. */
type FieldSchema = {
  kind?: string;
  label?: string;
  fields?: Record<string, FieldSchema>;
  element?: FieldSchema;
  options?: ReadonlyArray<{ label: string; value: unknown }>;
};

/** An entry's fields and, for Markdoc, the field its body is. */
export type FileSchema = { fields: Record<string, FieldSchema>; contentField?: string };

/** The studio's schema of the entry whose data file `path` is (undefined: a photo, a file of no entry, an unknown entry). */
export function fileSchemaOf(studio: { config: AnyConfig; entries: ContentEntries }, path: string): FileSchema | undefined {
  const entry = studio.entries.entryOf(path);
  if (!entry || entry.kind === "files" || !studio.entries.isEntryFile(path, entry)) return undefined;
  const group = (entry.kind === "singleton" ? studio.config.singletons : studio.config.collections) as
    Record<string, { schema?: Record<string, FieldSchema>; format?: unknown }> | undefined;
  const found = group?.[entry.key];
  if (!found?.schema) return undefined;
  const format = found.format as { contentField?: string } | undefined;
  return { fields: found.schema, contentField: typeof format === "object" && format ? format.contentField : undefined };
}

// ── values ──────────────────────────────────────────────────────────────────────────────

type Plain = Record<string, unknown>;
const isPlain = (value: unknown): value is Plain => typeof value === "object" && value !== null && !Array.isArray(value);

/** Whitespace as a reader sees it: any run of spaces, tabs or line breaks is one space. */
export const normalisedText = (text: string) => text.replace(/\s+/g, " ").trim();

/** Equal as the site shows them: strings compared with normalised whitespace, lists and objects field by field. */
function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === "string" && typeof b === "string") return normalisedText(a) === normalisedText(b);
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  if (isPlain(a) && isPlain(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => sameValue(a[key], b[key]));
  }
  if (isEmpty(a) && isEmpty(b)) return true;
  return a === b || (a instanceof Date && b instanceof Date && a.getTime() === b.getTime());
}

/** Nothing there: absent, null, an empty string, list or object (Keystatic writes '' for an empty text). */
function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.length === 0;
  if (isPlain(value)) return Object.values(value).every(isEmpty);
  return false;
}

/** A long text is shown paragraph by paragraph with its changed words, not as before → after. */
const isLongText = (value: unknown) => typeof value === "string" && (value.includes("\n") || value.length > 80);

/** A value in words: a select's option by its label, a list comma-separated, an object as "Label: value; …". */
function shown(value: unknown, schema?: FieldSchema): string {
  if (value === undefined || value === null || value === "") return t.emptyValue;
  if (schema?.options && !Array.isArray(value)) return schema.options.find((option) => option.value === value)?.label ?? String(value);
  if (Array.isArray(value)) return value.map((item) => shown(item, schema?.kind === "array" ? schema.element : schema)).join(", ");
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (isPlain(value)) {
    return Object.entries(value)
      .filter(([, item]) => !isEmpty(item))
      .map(([key, item]) => `${schema?.fields?.[key]?.label ?? key}: ${shown(item, schema?.fields?.[key])}`)
      .join("; ");
  }
  return typeof value === "string" ? normalisedText(value) : String(value);
}

// ── changes ─────────────────────────────────────────────────────────────────────────────

type Paragraph = { kind: "same"; count: number } | { kind: "changed"; parts: ReturnType<typeof diffWords> } | { kind: "added" | "removed"; text: string };

export type FieldChange =
  | { kind: "changed"; label: string; before: string; after: string }
  | { kind: "added" | "removed"; label: string; value: string }
  | { kind: "text"; label: string; paragraphs: Paragraph[] };

/** A text's paragraphs (split at blank lines), each with its whitespace normalised. */
const paragraphsOf = (text: string) =>
  text
    .split(/\n[ \t]*\n/)
    .map(normalisedText)
    .filter(Boolean);

/**
 * Two texts paragraph by paragraph: unchanged ones counted, a changed one with its words removed
 * and added (diffWords on normalised whitespace), a paragraph only re-wrapped unchanged. Empty when
 * the words are the same.
 */
export function textChanges(before: string, after: string): Paragraph[] {
  const parts = diffArrays(paragraphsOf(before), paragraphsOf(after));
  if (parts.every((part) => !part.added && !part.removed)) return [];
  const out: Paragraph[] = [];
  for (const hunk of hunksOf(parts)) {
    if ("same" in hunk) {
      out.push({ kind: "same", count: hunk.same.length });
      continue;
    }
    const { removed, added, paired } = hunk;
    for (let p = 0; p < paired; p++) out.push({ kind: "changed", parts: diffWords(removed[p]!, added[p]!) });
    for (const text of removed.slice(paired)) out.push({ kind: "removed", text });
    for (const text of added.slice(paired)) out.push({ kind: "added", text });
  }
  return out;
}

type Hunk<T> = { same: T[] } | { removed: T[]; added: T[]; paired: number };

/**
 * jsdiff's array changes as runs: an unchanged run, or what a change removed and added side by side
 * (a removal and the addition right after it are one change), `paired` counting the items that stand
 * in each other's place.
 */
function* hunksOf<T>(parts: readonly { value: T[]; added?: boolean; removed?: boolean }[]): Generator<Hunk<T>> {
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (!part.added && !part.removed) {
      yield { same: part.value };
      continue;
    }
    const next = parts[i + 1];
    const removed = part.removed ? part.value : next?.removed ? next.value : [];
    const added = part.added ? part.value : next?.added ? next.value : [];
    if (next && (next.added || next.removed) && next.added !== part.added) i++;
    yield { removed, added, paired: Math.min(removed.length, added.length) };
  }
}

const joined = (path: readonly string[]) => path.join(" › ");

/** The fields that differ between two parsed YAML values, by the studio's labels where the schema has them. */
export function fieldChanges(before: unknown, after: unknown, schema?: FieldSchema, path: readonly string[] = []): FieldChange[] {
  if (sameValue(before, after)) return [];
  const label = joined(path) || t.wholeFile;
  // An object or a list that appears or goes: its fields or items one by one.
  const b = before == null && (isPlain(after) || Array.isArray(after)) ? (Array.isArray(after) ? [] : {}) : before;
  const a = after == null && (isPlain(before) || Array.isArray(before)) ? (Array.isArray(before) ? [] : {}) : after;
  if (isPlain(b) && isPlain(a)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    return keys.flatMap((key) => {
      const field = schema?.fields?.[key];
      return fieldChanges(b[key], a[key], field, [...path, field?.label ?? key]);
    });
  }
  if (Array.isArray(b) && Array.isArray(a)) return listChanges(b, a, schema, path);
  if (isEmpty(before)) return [{ kind: "added", label, value: shown(after, schema) }];
  if (isEmpty(after)) return [{ kind: "removed", label, value: shown(before, schema) }];
  if (typeof before === "string" && typeof after === "string" && (isLongText(before) || isLongText(after))) {
    return [{ kind: "text", label, paragraphs: textChanges(before, after) }];
  }
  return [{ kind: "changed", label, before: shown(before, schema), after: shown(after, schema) }];
}

/** A list's items matched by value (jsdiff's diffArrays): an item changed in place compared field by field, the rest added or removed. */
function listChanges(before: unknown[], after: unknown[], schema: FieldSchema | undefined, path: readonly string[]): FieldChange[] {
  // A list field's items have its element's schema; a multiselect's items its own options.
  const item = schema?.kind === "array" ? schema.element : schema;
  // An object in a list is named by its position ("Photos item 2"); a plain value by the list's name.
  const itemPath = (n: number, value: unknown) => (isPlain(value) ? [...path.slice(0, -1), `${path[path.length - 1] ?? t.wholeFile} ${t.item(n)}`] : [...path]);
  const parts = diffArrays(before, after, { comparator: sameValue });
  const out: FieldChange[] = [];
  let b = 0;
  let a = 0;
  for (const hunk of hunksOf(parts)) {
    if ("same" in hunk) {
      b += hunk.same.length;
      a += hunk.same.length;
      continue;
    }
    const { removed, added, paired } = hunk;
    for (let p = 0; p < paired; p++) out.push(...fieldChanges(removed[p], added[p], item, itemPath(a + p + 1, added[p])));
    removed.slice(paired).forEach((value, k) => out.push({ kind: "removed", label: joined(itemPath(b + paired + k + 1, value)), value: shown(value, item) }));
    added.slice(paired).forEach((value, k) => out.push({ kind: "added", label: joined(itemPath(a + paired + k + 1, value)), value: shown(value, item) }));
    b += removed.length;
    a += added.length;
  }
  return out;
}

/** A Markdoc file's YAML header and its body. */
function frontmatterOf(text: string): { header: string; body: string } {
  const found = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n([\s\S]*))?$/.exec(text);
  return found ? { header: found[1]!, body: found[2] ?? "" } : { header: "", body: text };
}

const parsedYaml = (text: string): { ok: true; value: unknown } | { ok: false } => {
  try {
    return { ok: true, value: text.trim() === "" ? {} : parseYaml(text) };
  } catch {
    return { ok: false };
  }
};

/**
 * A text file's changes as fields: YAML (and JSON) field by field, Markdoc's header the same way
 * and its body as text; a file that cannot be read as YAML as text.
 */
export function fileChanges(path: string, before: string | null, after: string | null, schema?: FileSchema): FieldChange[] {
  const top: FieldSchema = { kind: "object", fields: schema?.fields ?? {} };
  const asText = (label: string, b: string, a: string): FieldChange[] => {
    const paragraphs = textChanges(b, a);
    return paragraphs.length ? [{ kind: "text", label, paragraphs }] : [];
  };
  if (/\.(ya?ml|json)$/.test(path)) {
    const b = parsedYaml(before ?? "");
    const a = parsedYaml(after ?? "");
    if (b.ok && a.ok && (isPlain(b.value) || b.value == null) && (isPlain(a.value) || a.value == null)) return fieldChanges(b.value ?? {}, a.value ?? {}, top);
    return asText(t.wholeFile, before ?? "", after ?? "");
  }
  if (/\.(mdoc|mdx?)$/.test(path)) {
    const b = frontmatterOf(before ?? "");
    const a = frontmatterOf(after ?? "");
    const bh = parsedYaml(b.header);
    const ah = parsedYaml(a.header);
    const header = bh.ok && ah.ok ? fieldChanges(bh.value ?? {}, ah.value ?? {}, top) : asText(t.header, b.header, a.header);
    // Keystatic's Markdoc field keeps no label: the body goes by its field's key ("answer").
    const bodyLabel = schema?.contentField ? (schema.fields[schema.contentField]?.label ?? schema.contentField) : t.body;
    return [...header, ...asText(bodyLabel, b.body, a.body)];
  }
  return asText(t.wholeFile, before ?? "", after ?? "");
}

// ── rendering ───────────────────────────────────────────────────────────────────────────

const Removed = ({ text }: { text: string }) => (
  <del>
    <span class="visually-hidden">{t.removedWords}: </span>
    {text}
  </del>
);
const Added = ({ text }: { text: string }) => (
  <ins>
    <span class="visually-hidden">{t.addedWords}: </span>
    {text}
  </ins>
);

function Paragraphs({ paragraphs }: { paragraphs: Paragraph[] }) {
  return (
    <>
      {paragraphs.map((paragraph) =>
        paragraph.kind === "same" ? (
          <p class="gap">{t.unchangedParagraphs(paragraph.count)}</p>
        ) : paragraph.kind === "changed" ? (
          <p>{paragraph.parts.map((part) => (part.removed ? <Removed text={part.value} /> : part.added ? <Added text={part.value} /> : part.value))}</p>
        ) : (
          <p>
            <strong class="marker">{paragraph.kind === "added" ? t.addedParagraph : t.removedParagraph}</strong>{" "}
            {paragraph.kind === "added" ? <Added text={paragraph.text} /> : <Removed text={paragraph.text} />}
          </p>
        ),
      )}
    </>
  );
}

function FieldChanges({ changes }: { changes: FieldChange[] }) {
  return (
    <ul class="fields">
      {changes.map((change) =>
        change.kind === "changed" ? (
          <li>
            {change.label}:{" "}
            <del>
              <span class="visually-hidden">{t.before}: </span>
              {change.before}
            </del>
            <span aria-hidden="true"> → </span>
            <ins>
              <span class="visually-hidden">{t.after}: </span>
              {change.after}
            </ins>
          </li>
        ) : change.kind === "text" ? (
          <li>
            {change.label}:
            <div class="words">{change.paragraphs.length ? <Paragraphs paragraphs={change.paragraphs} /> : <p class="gap">{t.sameWords}</p>}</div>
          </li>
        ) : (
          <li>
            <strong class="marker">{change.kind === "added" ? t.added : t.removed}</strong> {change.label}:{" "}
            {change.kind === "added" ? <ins>{change.value}</ins> : <del>{change.value}</del>}
          </li>
        ),
      )}
    </ul>
  );
}

/** A changed file: text before and after (null: no such file, or a photo), or a photo's address before and after. */
export type DiffFile = { path: string; beforeText: string | null; afterText: string | null; beforePhoto: string | null; afterPhoto: string | null };

export function FileChange({ file, schema }: { file: DiffFile; schema?: FileSchema }) {
  const binary = file.beforePhoto !== null || file.afterPhoto !== null;
  const state = file.beforeText === null && file.beforePhoto === null ? t.created : file.afterText === null && file.afterPhoto === null ? t.deleted : undefined;
  const changes = binary ? [] : fileChanges(file.path, file.beforeText, file.afterText, schema);
  return (
    <section class="diff" aria-label={file.path}>
      <h3>
        {file.path}
        {state ? ` · ${state}` : ""}
      </h3>
      {binary ? (
        <div class="photos">
          {file.beforePhoto ? (
            <figure>
              <img src={file.beforePhoto} alt={t.photoBefore(file.path)} loading="lazy" />
              <figcaption>{t.before}</figcaption>
            </figure>
          ) : null}
          {file.afterPhoto ? (
            <figure>
              <img src={file.afterPhoto} alt={t.photoAfter(file.path)} loading="lazy" />
              <figcaption>{t.after}</figcaption>
            </figure>
          ) : null}
        </div>
      ) : changes.length ? (
        <FieldChanges changes={changes} />
      ) : (
        <p class="gap">{t.sameWords}</p>
      )}
    </section>
  );
}

import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { parse } from "yaml";
import { shownContentPath } from "../../lib/contracts/content-path";
import {
  acknowledgementWordsDefaults,
  quotationPageWordsDefaults,
  quotationPdfWordsDefaults,
  type QuotationTranslation,
  type ReplyTemplate,
} from "../../lib/contracts/server-settings";

// The buyer's words in the site's other languages (decision 0164): what the server writes to a
// lead's buyer in the lead's language. One folder per language beside the English files,
// content/translations/<code>/quotations.yaml (the words of content/quotations.yaml's terms, the
// buyer's quotation page, the PDF and the quote request's acknowledgement) and
// content/translations/<code>/reply-templates.yaml (the desk's saved replies, each by its English
// name). A word left out is English where it is used (`quotationWordsIn`), never empty; a word that
// is no word of the English source, or one that loses or invents a {slot}, stops the build.

/** What a translation of content/quotations.yaml may hold: the shape of the English words. */
const quotationShape = {
  paymentTerms: "",
  sampleTerms: "",
  terms: "",
  paymentModes: "*",
  page: quotationPageWordsDefaults,
  pdf: quotationPdfWordsDefaults,
  acknowledgement: acknowledgementWordsDefaults,
} as const;

const slotsOf = (words: string) => [...words.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort().join(",");

/** Each problem of `given` against `shape` ("page.status.open: …"): unknown words, non-text, slots that differ from the English. */
function checkWords(given: unknown, shape: unknown, at: string, problems: string[]): void {
  if (shape === "*") {
    if (typeof given !== "object" || given === null || Array.isArray(given) || Object.values(given).some((v) => typeof v !== "string")) {
      problems.push(`${at}: must be words by their code`);
    }
    return;
  }
  if (typeof shape === "string") {
    if (typeof given !== "string") problems.push(`${at}: must be text`);
    else if (shape && slotsOf(given) !== slotsOf(shape)) problems.push(`${at}: must have the slots of the English words (${slotsOf(shape) || "none"})`);
    return;
  }
  if (typeof given !== "object" || given === null || Array.isArray(given)) {
    problems.push(`${at || "the file"}: must be a group of words`);
    return;
  }
  for (const [key, value] of Object.entries(given)) {
    const path = at ? `${at}.${key}` : key;
    if (!Object.hasOwn(shape as object, key)) problems.push(`${path}: not a word of the English source`);
    else checkWords(value, (shape as Record<string, unknown>)[key], path, problems);
  }
}

/** A file's YAML; undefined when there is no such file, or when it does not read (the problem added). */
async function readYaml(file: string, problem: (line: string) => void): Promise<unknown> {
  try {
    return parse(await readFile(file, "utf8")) as unknown;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") problem((error as Error).message);
    return undefined;
  }
}

export type BuyerWords = {
  /** content/translations/<code>/quotations.yaml, by code: the buyer's quotation words (`QuotationSettings.translations`). */
  quotations: Record<string, QuotationTranslation>;
  /** Each other language's reply templates, the English ones where a template has no translation (`ServerSettings.replyTemplatesIn`). */
  replyTemplates: Record<string, ReplyTemplate[]>;
};

/**
 * Every other language's translations of the buyer's words; problems (`content/translations/de/quotations.yaml: page.title: …`)
 * added to `problems`. `codes`: the site's languages, the default (the English source) first.
 */
export async function readBuyerWords(root: string, codes: readonly string[], english: readonly ReplyTemplate[], problems: string[]): Promise<BuyerWords> {
  const folder = join(root, "translations");
  const shown = (code: string, file: string) => shownContentPath(join(folder, code, file), root);
  const result: BuyerWords = { quotations: {}, replyTemplates: {} };
  for (const code of codes.slice(1)) {
    const quotations = await readYaml(join(folder, code, "quotations.yaml"), (line) => problems.push(`${shown(code, "quotations.yaml")}: ${line}`));
    if (quotations !== undefined) {
      const found: string[] = [];
      checkWords(quotations, quotationShape, "", found);
      problems.push(...found.map((line) => `${shown(code, "quotations.yaml")}: ${line}`));
      if (found.length === 0) result.quotations[code] = quotations as QuotationTranslation;
    }
    const problem = (line: string) => problems.push(`${shown(code, "reply-templates.yaml")}: ${line}`);
    result.replyTemplates[code] = translatedTemplates(await readYaml(join(folder, code, "reply-templates.yaml"), problem), english, problem);
  }
  const folders = await readdir(folder).catch(() => [] as string[]);
  for (const name of folders.filter((f) => !codes.slice(1).includes(f))) {
    problems.push(`${shownContentPath(join(folder, name), root)}: not another language of content/locales.yaml; add the language there or delete the folder`);
  }
  return result;
}

/**
 * A language's reply templates: each English one (content/reply-templates.yaml) in that language where
 * the file has it (`templates: - english: <its English name>, name, text`), else as it is in English.
 */
function translatedTemplates(given: unknown, english: readonly ReplyTemplate[], problem: (line: string) => void): ReplyTemplate[] {
  if (given === undefined) return [...english];
  const list = (given as { templates?: unknown } | null)?.templates;
  if (!Array.isArray(list)) {
    problem("templates: must be a list");
    return [...english];
  }
  const byEnglish = new Map<string, ReplyTemplate>();
  list.forEach((item: unknown, i) => {
    const { english: source, name, text } = (item ?? {}) as Record<string, unknown>;
    if (typeof source !== "string" || typeof name !== "string" || typeof text !== "string" || !name.trim() || !text.trim()) {
      problem(`templates.${i}: needs english, name and text`);
    } else if (!english.some((t) => t.name === source)) {
      problem(`templates.${i}: no English template is named "${source}" (content/reply-templates.yaml)`);
    } else byEnglish.set(source, { name, text });
  });
  return english.map((t) => byEnglish.get(t.name) ?? t);
}

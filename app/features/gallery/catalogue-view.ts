import type { CatalogueWords } from "~/content/reader/products.server";
import type { GalleryData, ProductDetails } from "./gallery-data";
import { type CardFact, type CardFacts, type GalleryIndexFamily, galleryIndex } from "./gallery-index-view";

// The catalogue at /gallery (decision 0077): every product grouped by family with the facts a buyer
// sorts by, what its filters offer, and the text its search reads — made at build time (the route's
// loader), so the page carries data, not words in JavaScript. The filtering itself is in
// catalogue-filter-state.ts, which runs in the browser.

/** A filter's choice; `lang`: its name's language where it is not the page's own (decision 0174). */
export type Choice = { value: string; label: string; lang?: string };

/** What the catalogue's filters read of a product. */
export type CatalogueKeys = { construction: string | null; materials: string[]; certificates: string[]; moq: number };

export type CatalogueItem = GalleryIndexFamily["items"][number] & {
  /** Shown on its card: construction, composition (or material) and the certificates that apply, a line each. */
  facts: CardFacts;
  keys: CatalogueKeys;
  /** Its name, family and specifications as one text, for the search. */
  text: string;
};
export type CatalogueFamily = Omit<GalleryIndexFamily, "items"> & { items: CatalogueItem[] };

export type CatalogueView = {
  families: CatalogueFamily[];
  choices: { family: Choice[]; construction: Choice[]; material: Choice[]; certificate: Choice[]; moq: Choice[] };
};

/** "100% organic cotton" → "100-organic-cotton": a choice's value in the address. */
export const choiceValue = (label: string) =>
  label
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** `lang` as loader data carries it: only where it is not the page's own. */
const langOf = (lang: string | null | undefined) => (lang ? { lang } : {});

/**
 * The certificates' names as one line (decision 0174): a part per run of names in one language,
 * so each says its record's language; the commas between them in the words before.
 */
function certificateLine(certificates: readonly { name: string; lang?: string }[]): CardFact[] {
  const parts: CardFact[] = [];
  certificates.forEach((certificate, i) => {
    const text = i < certificates.length - 1 ? `${certificate.name}, ` : certificate.name;
    const last = parts.at(-1);
    if (last && last.lang === certificate.lang) last.text += text;
    else parts.push({ text, ...langOf(certificate.lang) });
  });
  return parts;
}

/** Distinct choices in first-seen order. */
function distinct(choices: Choice[]): Choice[] {
  const seen = new Map<string, Choice>();
  for (const c of choices) if (c.value && !seen.has(c.value)) seen.set(c.value, c);
  return [...seen.values()];
}

/**
 * `code`: the language its numbers are written in and its choices sorted by (the words', decision
 * 0171); `wordsLang`: the catalogue words' `lang` (null: the page's own), the coded choices' (decision 0174).
 */
export function catalogueView(data: GalleryData, words: CatalogueWords, code = "en", wordsLang: string | null = null): CatalogueView {
  // A material choice: a cotton type in the catalogue's words, a composition or material in its product's.
  const materialsOf = (d: ProductDetails): Choice[] => [
    ...d.cottonTypes.map((t) => {
      const label = words.cottonTypes[t as keyof CatalogueWords["cottonTypes"]] ?? t;
      return { value: choiceValue(label), label, ...langOf(wordsLang) };
    }),
    ...[...d.compositions, d.material].filter(Boolean).map((m) => ({ value: choiceValue(m), label: m, ...langOf(d.lang) })),
  ];
  const subcategory = (family: string, item: string) => data.find((f) => f.category === family)?.subcategories?.find((s) => s.name === item);
  const families: CatalogueFamily[] = galleryIndex(data).map((family) => ({
    ...family,
    items: family.items.map((item): CatalogueItem => {
      const details = subcategory(family.slug, item.slug)?.details;
      const factOf = (key: string) => details?.facts.find((f) => f.key === key);
      const construction = factOf("construction");
      const composition = factOf("composition") ?? factOf("material");
      const materials: Choice[] = details ? materialsOf(details) : [];
      const certificates = details?.certificates ?? [];
      return {
        ...item,
        facts: [
          ...[construction, composition].flatMap((f) => (f ? [[{ text: f.value, ...langOf(f.lang) }]] : [])),
          ...(certificates.length ? [certificateLine(certificates)] : []),
        ],
        keys: {
          construction: details?.construction ?? null,
          materials: distinct(materials).map((m) => m.value),
          certificates: certificates.map((c) => c.slug),
          moq: details?.terms.moqPiecesPerColour ?? 0,
        },
        text: [
          item.label,
          family.label,
          details?.description,
          ...(details?.facts.filter((f) => f.key !== "moq" && f.key !== "leadTime").map((f) => f.value) ?? []),
          ...certificates.map((c) => c.name),
        ]
          .filter(Boolean)
          .join(" \n"),
      };
    }),
  }));

  const items = families.flatMap((f) => f.items);
  const details = families.flatMap((f) => f.items.map((i) => subcategory(f.slug, i.slug)?.details)).filter((d) => d !== undefined);
  const constructionCodes = Object.keys(words.constructions) as (keyof CatalogueWords["constructions"])[];
  const materialChoices = distinct(details.flatMap(materialsOf)).sort((a, b) => a.label.localeCompare(b.label, code));
  const moqs = [...new Set(items.map((i) => i.keys.moq).filter((m) => m > 0))].sort((a, b) => a - b);
  return {
    families,
    choices: {
      family: families.map((f) => ({ value: f.slug, label: f.label, ...langOf(f.lang) })),
      construction: constructionCodes
        .filter((code) => items.some((i) => i.keys.construction === code))
        .map((code) => ({ value: code, label: words.constructions[code], ...langOf(wordsLang) })),
      material: materialChoices,
      certificate: distinct(details.flatMap((d) => d.certificates.map((c) => ({ value: c.slug, label: c.name, ...langOf(c.lang) })))),
      moq: moqs.map((m) => ({ value: String(m), label: words.filter.moqUpTo.replace("{pieces}", m.toLocaleString(code)) })),
    },
  };
}

import { pagePaths } from "../page-paths";
import {
  type Construction,
  type CottonType,
  type Customisation,
  type CertificateStandard,
  type DayRange,
  type ProductTerms,
  certificateAnchor,
  companyTerms,
  isCertificateValid,
  verificationLink,
} from "../../lib/contracts/products";
import { business } from "../../lib/contracts/constants";
import type { ReadingContext } from "./context.server";
import type { Collections, EntryOf } from "./entries.server";
import { entriesPerLanguage } from "./translations.server";

// Certificate records (decision 0076: content/certificate-records/) and each gallery product's
// specifications (the `specs` of content/gallery/items/…), checked and shaped with the words of
// content/gallery/catalogue.yaml. A certificate past its "valid until" day (the build's date) is left
// out everywhere — compliance page, product pages, catalogue, line sheets, JSON-LD — so the daily
// republish takes it off the site without an edit.

export type CertificateRecord = {
  slug: string;
  name: string;
  standard: CertificateStandard;
  issuedBy: string;
  number: string;
  holder: string;
  scope: string;
  validFrom: string;
  validUntil: string;
  /** The standard's own check (or the record's link); null where there is none. */
  verify: { url: string; opensCertificate: boolean } | null;
  /** The certificate file as published (/media/certificates/…), if one was uploaded. */
  file: string | null;
  /** Where the record is shown: /our-company/compliance#certificate-{slug}. */
  path: string;
};

/** Every record in the studio (for the server's expiry reminders) and those valid on the build's day. */
export function readCertificateRecords(c: ReadingContext) {
  const all: CertificateRecord[] = c.list("certificateRecords").map(({ slug, file, entry }) => {
    const e = c.fill(file, entry);
    const validFrom = e.validFrom ?? "";
    const validUntil = e.validUntil ?? "";
    c.rule(file, !validFrom || !validUntil || validFrom <= validUntil, `validUntil: ${validUntil} is before validFrom ${validFrom}`);
    if (e.file && !/^\/media\/certificates\/.+\.(pdf|jpe?g|png)$/i.test(e.file)) c.problems.push(`${file}: file: must be a PDF, JPEG or PNG uploaded in the studio (/media/certificates/…), not ${e.file}`);
    return {
      slug,
      name: e.name,
      standard: e.standard as CertificateStandard,
      issuedBy: e.issuedBy,
      number: e.number,
      holder: e.holder,
      scope: e.scope.trim(),
      validFrom,
      validUntil,
      verify: verificationLink(e.standard as CertificateStandard, e.number, e.verificationLink),
      file: e.file || null,
      path: `${pagePaths.compliance}#${certificateAnchor(slug)}`,
    };
  });
  const valid = all.filter((record) => isCertificateValid(record, c.today));
  return { allCertificates: all, certificates: valid };
}

/** A record as a page in some language shows it: `lang` says in which language its words are (null: the page's own), `scopeLang` its scope's. */
export type LocalizedCertificateRecord = CertificateRecord & { lang: string | null; scopeLang: string | null };

/**
 * The valid records in each language (decision 0168): a record's translation
 * (content/certificate-records/<code>/<id>.yaml) gives its name, holder and scope (an empty scope
 * keeps the English one, marked English); its number, issuer, dates, links and file stay the English
 * entry's.
 */
export function localizedCertificateRecords(c: ReadingContext, codes: readonly string[], records: readonly CertificateRecord[]) {
  return entriesPerLanguage(c, codes, "certificateRecords", records, (record, lang, translation): LocalizedCertificateRecord => {
    if (!translation) return { ...record, lang, scopeLang: lang };
    const words = c.fill(translation.file, translation.entry) as { name: string; holder: string; scope?: string | null };
    const scope = words.scope?.trim() ?? "";
    return {
      ...record,
      name: words.name,
      holder: words.holder,
      ...(scope || !record.scope ? { scope, scopeLang: lang } : { scopeLang: codes[0]! }),
      lang,
    };
  });
}

/** The words of the catalogue, product pages, certificates and line sheets (content/gallery/catalogue.yaml). */
export function readCatalogueWords(c: ReadingContext) {
  return c.entryOf("catalogue");
}
export type CatalogueWords = NonNullable<ReturnType<typeof readCatalogueWords>>;

/** What a product's specification says, checked: codes for the choices, the terms with the company's defaults. */
export type ProductSpecs = {
  description: string;
  construction: Construction | null;
  gauge: string;
  material: string;
  compositions: string[];
  cottonTypes: CottonType[];
  fabricWeight: string;
  sizes: string;
  colourways: string[];
  customisation: Customisation[];
  terms: ProductTerms;
  /** Whether the terms are the product's own (false: the company's). */
  ownTerms: { moq: boolean; leadTime: boolean };
  samples: string;
  /** The records that apply and are valid today, in the order the studio lists them. */
  certificates: string[];
};

/** A gallery item's `specs` as Keystatic's reader gives them, typed by the studio's own field (`productSpecsField`, app/content/studio/gallery.ts): a field added there is a field here. */
type SpecsEntry = EntryOf<Collections["galleryItems"]>["specs"];
/** Every field of it reaches ProductSpecs (the two terms fold into `terms`): one the studio adds and nobody reads fails to compile. */
const _everySpecRead: [Exclude<keyof SpecsEntry, keyof ProductSpecs | "moqPiecesPerColour" | "leadTimeDays">] extends [never] ? true : never = true;

/** A product's specs as the studio saved them (every field may be empty), checked against the records. */
export function readProductSpecs(
  c: ReadingContext,
  file: string,
  specs: SpecsEntry,
  colourways: string[],
  records: { all: CertificateRecord[]; valid: CertificateRecord[] },
): ProductSpecs {
  const s = c.fill(file, specs);
  const { from, to } = s.leadTimeDays;
  let leadTimeDays: DayRange | null = null;
  if (from !== null || to !== null) {
    if (from === null || to === null) c.problems.push(`${file}: specs.leadTimeDays: fill in both "from" and "to", or neither (the company's lead times apply)`);
    else if (from > to) c.problems.push(`${file}: specs.leadTimeDays: "from" (${from}) is more than "to" (${to})`);
    else leadTimeDays = [from, to];
  }
  for (const slug of s.certificates) {
    if (!records.all.some((r) => r.slug === slug)) c.problems.push(`${file}: specs.certificates: no certificate record '${slug}' (content/certificate-records/${slug}.yaml)`);
  }
  const moq = s.moqPiecesPerColour;
  return {
    description: s.description.trim(),
    construction: (s.construction || null) as Construction | null,
    gauge: s.gauge.trim(),
    material: s.material.trim(),
    compositions: s.compositions.map((x) => x.trim()).filter(Boolean),
    cottonTypes: [...s.cottonTypes] as CottonType[],
    fabricWeight: s.fabricWeight.trim(),
    sizes: s.sizes.trim(),
    colourways: [...new Set(colourways.map((x) => x.trim()).filter(Boolean))],
    customisation: [...s.customisation] as Customisation[],
    terms: { moqPiecesPerColour: moq ?? companyTerms.moqPiecesPerColour, leadTimeDays },
    ownTerms: { moq: moq !== null, leadTime: leadTimeDays !== null },
    samples: s.samples.trim(),
    certificates: s.certificates.filter((slug) => records.valid.some((r) => r.slug === slug)),
  };
}

/** `lang`: the value's language where it is not the page's own and not a measure (decision 0171). */
export type SpecFact = { key: string; label: string; value: string; lang?: string };

const range = ([from, to]: readonly [number, number]) => `${from}-${to}`;
const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));
const joinList = (items: string[]) => items.join(", ");

/**
 * The specification as a buyer reads it, in order, only what is filled: the definition list of the
 * product page and the line sheet. Minimum order and lead time are always there (the company's by
 * default). Certificates are listed apart (each with its Verify link).
 */
export function specFacts(
  specs: ProductSpecs,
  words: CatalogueWords,
  /** Decision 0171: the product's words' `lang`, the catalogue words' `lang` and the language numbers are written in (the words'). */
  shown: { itemLang?: string | null; wordsLang?: string | null; code?: string } = {},
): SpecFact[] {
  const w = words.specs;
  const facts: SpecFact[] = [];
  const add = (key: string, label: string, value: string, lang?: string | null) => {
    if (value) facts.push({ key, label, value, ...(lang ? { lang } : {}) });
  };
  const { itemLang, wordsLang, code = "en" } = shown;
  add("construction", w.construction, specs.construction ? words.constructions[specs.construction] : "", wordsLang);
  add("gauge", w.gauge, specs.gauge);
  add("material", w.material, specs.material, itemLang);
  add("composition", w.composition, joinList(specs.compositions), itemLang);
  add("cotton", w.cottonTypes, joinList(specs.cottonTypes.map((t) => words.cottonTypes[t])), wordsLang);
  add("fabricWeight", w.fabricWeight, specs.fabricWeight);
  add("sizes", w.sizes, specs.sizes, itemLang);
  add("colourways", w.colourways, joinList(specs.colourways), itemLang);
  add("customisation", w.customisation, joinList(specs.customisation.map((x) => words.customisations[x])), wordsLang);
  add("moq", w.moq, fill(w.moqValue, { pieces: specs.terms.moqPiecesPerColour.toLocaleString(code) }), wordsLang);
  add(
    "leadTime",
    w.leadTime,
    specs.terms.leadTimeDays
      ? fill(w.leadTimeValue, { from: specs.terms.leadTimeDays[0], to: specs.terms.leadTimeDays[1] })
      : fill(w.leadTimeCompany, { local: range(business.leadTimeDays.local), imported: range(business.leadTimeDays.imported) }),
    wordsLang,
  );
  add("samples", w.samples, specs.samples, itemLang);
  return facts;
}

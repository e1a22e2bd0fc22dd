import { carousel } from "../../lib/contracts/constants";
import { homeSectionKeys, sharedListKeys, translatedTypes } from "../../lib/contracts/content-translations";
import { entriesPerLanguage, singletonPerLanguage, type EntryLang } from "./translations.server";
import type { ReadingContext } from "./context.server";
import type { EntryOf, Singletons } from "./entries.server";
import type { CatalogueWords, CertificateRecord } from "./products.server";

// The home page's sections and the lists its carousels and charts show (certificates, values,
// category shares, strengths and the team, which the company pages show too).

export function readHome(c: ReadingContext, records: { all: CertificateRecord[]; valid: CertificateRecord[] }, words: CatalogueWords | null) {
  const teamList = c.list("team").map(({ file, entry }) => ({
    name: entry.name,
    role: entry.role,
    rating: Number(entry.rating) as 4 | 5,
    text: c.fill(file, { text: entry.text }).text,
    image: entry.image,
  }));
  // Lists may grow and shrink in the studio (the seed content has the counts the company gave);
  // each keeps what its page needs to work.
  c.rule(c.dirOf("team"), teamList.length >= 1, "must hold at least one team member");
  c.rule(c.dirOf("team"), teamList.some((m) => m.role === "Managing Director"), "the Managing Director is missing (the MD message takes name and photo from there)");

  const strengths = c.list("strengths").map(({ slug, file, entry }) => ({ id: slug, ...c.fill(file, { name: entry.name, description: entry.description }), image: entry.image }));
  c.rule(c.dirOf("strengths"), strengths.length >= 1, "must hold at least one strength");

  const certificateCards = c.list("certificates").map(({ slug, file, entry }) => {
    if (entry.record && !records.all.some((r) => r.slug === entry.record)) {
      c.problems.push(`${file}: record: no certificate record '${entry.record}' (content/certificate-records/${entry.record}.yaml)`);
    }
    // A card links to its record while the record is valid (decision 0076); the card itself stays on the carousel.
    const record = entry.record ? records.valid.find((r) => r.slug === entry.record) : undefined;
    return {
      id: slug,
      label: entry.label,
      image: entry.image,
      ...(record && words ? { link: { href: record.path, label: words.certificates.cardLink } } : {}),
    };
  });
  const minCertificates = carousel.certificateVisible;
  c.rule(c.dirOf("certificates"), certificateCards.length >= minCertificates, `must hold at least ${minCertificates} cards, one carousel view (found ${certificateCards.length})`);

  const valueCards = c.list("values").map(({ slug, file, entry }) => ({ id: slug, ...c.fill(file, { title: entry.title, description: entry.description }), image: entry.image }));
  const minValues = carousel.valueVisible;
  c.rule(c.dirOf("values"), valueCards.length >= minValues, `must hold at least ${minValues} values, one carousel view (found ${valueCards.length})`);

  const categoryShares = c.list("categoryShares").map(({ entry }) => ({ label: entry.label, percentage: entry.percentage, color: entry.color }));
  const shareSum = categoryShares.reduce((sum, s) => sum + s.percentage, 0);
  c.rule(c.dirOf("categoryShares"), shareSum === 100, `percentages must add up to 100 (they add up to ${shareSum})`);

  // The sections' words are per language (homeSectionsPerLanguage, decision 0169); the hero's poster, which the page preloads, is the English file's.
  const hero = c.entryOf("homeHero");

  return { homeHeroPoster: hero?.video.poster ?? "", team: teamList, strengths, certificateCards, valueCards, categoryShares };
}

type HomeLists = ReturnType<typeof readHome>;
type ListKey = (typeof sharedListKeys)[number];

/**
 * The lists the home and company pages share in each language, the default first (decision 0170):
 * each entry with its translation's words (content/<list>/<code>/<id>.yaml) over the English
 * entry's, or the English entry, and its `lang` (`entriesPerLanguage`: null on the default
 * language's pages, the translation's code, or the default's). Pictures, order, ratings, shares,
 * colours, links and the team members' names are the English entry's; a field empty in English (a
 * member without a quote) stays empty.
 */
export function sharedListsPerLanguage(c: ReadingContext, codes: readonly string[], english: HomeLists) {
  const list = c.list as unknown as (key: ListKey) => { slug: string }[];
  const per = <T extends object>(key: ListKey, items: readonly T[]) =>
    entriesPerLanguage(
      c,
      codes,
      key,
      list(key).map((entry, i) => ({ slug: entry.slug, item: items[i]! })),
      ({ item }, lang, translation): T & { lang: EntryLang } => {
        if (!translation) return { ...item, lang };
        const words = c.fill(translation.file, translation.entry);
        const own = item as Record<string, unknown>;
        const over = (translatedTypes[key].fields as readonly string[]).filter((f) => typeof words[f] === "string" && (words[f] as string).trim() && own[f]);
        return { ...item, ...Object.fromEntries(over.map((f) => [f, words[f]])), lang };
      },
    );
  const strengths = per("strengths", english.strengths);
  const valueCards = per("values", english.valueCards);
  const team = per("team", english.team);
  const certificateCards = per("certificates", english.certificateCards);
  const categoryShares = per("categoryShares", english.categoryShares);
  return Object.fromEntries(
    codes.map((code) => [
      code,
      { strengths: strengths[code]!, valueCards: valueCards[code]!, team: team[code]!, certificateCards: certificateCards[code]!, categoryShares: categoryShares[code]! },
    ]),
  );
}

export type SharedLists = ReturnType<typeof sharedListsPerLanguage>[string];

type HomeKey = (typeof homeSectionKeys)[number];
type SectionName<K extends string> = K extends `home${infer R}` ? Uncapitalize<R> : never;
/** A home section as shown in a language: its file's fields, the translation's words over the English ones, and their `lang`. */
type ShownSections = { [K in HomeKey as SectionName<K>]: EntryOf<Singletons[K]> & { lang: EntryLang } };

/** The section a translated home key shows (decision 0169): homeHero → hero. */
const sectionName = <K extends HomeKey>(key: K) => `${key[4]!.toLowerCase()}${key.slice(5)}` as SectionName<K>;

/**
 * The home page's sections in each language, the default first (decision 0169): each section its
 * translation's words over the English file, or the English file, with its `lang`
 * (`singletonPerLanguage`); Our Concept's values numbered. The home route's build-time loader
 * gives a page its own language's (app/content/home-sections.ts).
 */
export function homeSectionsPerLanguage(c: ReadingContext, codes: readonly string[], lists: Record<string, SharedLists>) {
  const perSection = homeSectionKeys.map((key) => [sectionName(key), singletonPerLanguage(c, codes, key)] as const);
  return Object.fromEntries(
    codes.map((code) => {
      const shown = Object.fromEntries(perSection.map(([name, perLanguage]) => [name, perLanguage[code]])) as ShownSections;
      return [
        code,
        {
          ...shown,
          concept: { ...shown.concept, values: shown.concept.values.map((v, i) => ({ number: String(i + 1).padStart(2, "0"), ...v })) },
          // The lists the carousels and the chart show, in this language (decision 0170).
          lists: lists[code]!,
        },
      ];
    }),
  );
}

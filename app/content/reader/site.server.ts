import { business } from "../../lib/contracts/constants";
import { siteFactLists, translationKey, type SiteFactList } from "../../lib/contracts/content-translations";
import type { EntryLang } from "./translations.server";
import { pageFileSlug, pagePaths, type PageId } from "../page-paths";
import type { ReadingContext } from "./context.server";
import { type MenuFamily, navigationMenu } from "./navigation-menu";

// The company's facts (content/site.yaml with the head office's contact details, written once in
// its office file), the offices, the pages' titles and banners, the menu and the frame's labels.

/** "+880 1700-000000" → "+8801700000000" for tel: links. */
export const phoneHref = (phone: string) => `+${phone.replace(/\D/g, "")}`;

export function readSite(c: ReadingContext) {
  const offices = c.list("offices");
  const heads = offices.filter((o) => o.entry.isHeadOffice);
  c.rule(c.dirOf("offices"), heads.length === 1, `exactly one office must be the head office (found ${heads.length})`);
  const siteEntry = c.one("site");
  const head = heads[0]?.entry;
  const site =
    siteEntry && head
      ? {
          ...siteEntry,
          // The address without its country (decision 0181: the contact page names it in the page's language) and the country's ISO code (structured data).
          headOffice: { ...siteEntry.headOffice, address: head.address, street: streetOf(head.address, head.country) ?? head.address, countryCode: head.countryCode },
          email: head.email,
          phone: head.phone,
          phoneHref: phoneHref(head.phone),
          sisterConcern: { ...siteEntry.sisterConcern },
        }
      : null;
  if (siteEntry) c.rule(c.fileOf("site"), siteEntry.tagline === "100% Export Oriented Company", 'tagline: must be "100% Export Oriented Company" (fixed by the specification)');
  // Every text read after this fills {site.…} and {business.…} in.
  c.usePlaceholders(site ? { site, business } : null);

  // Each language names an office's country in its words (decision 0181): the office's country is
  // one of Company facts' office countries, translated by place there, and ends its address, whose
  // other lines are the postal names the office writes.
  const countries: readonly string[] = siteEntry?.officeCountries ?? [];
  for (const { entry: o, file } of offices) {
    c.rule(file, !siteEntry || countries.includes(o.country), `country: "${o.country}" must be one of Company facts' office countries (${countries.join(", ")}), where each language names it`);
    c.rule(file, streetOf(o.address, o.country) !== null, `address: must end with the office's country ("…, ${o.country}"), which each language names in its words`);
  }

  return {
    site: site!,
    offices: offices.map(({ entry: o }) => ({
      country: o.country,
      countryCode: o.countryCode,
      label: o.label,
      isHeadOffice: o.isHeadOffice,
      // The address without its country, which each page names in its language (decision 0181).
      street: streetOf(o.address, o.country) ?? o.address,
      email: o.email,
      phone: o.phone,
      phoneHref: phoneHref(o.phone),
      website: o.website,
    })),
  };
}

/** An address without its last part, the country ("…, Dhaka-1230, Bangladesh" → "…, Dhaka-1230"); null when it does not end with it. */
function streetOf(address: string, country: string): string | null {
  const match = /^([\s\S]*?)[,\s]+$/.exec(address.trimEnd().slice(0, -country.length));
  return address.trimEnd().endsWith(country) && match?.[1] ? match[1] : null;
}

/** Every page of app/content/page-paths.ts has its file, and no file is left over. */
export function readPages(c: ReadingContext) {
  const pageEntries = new Map(c.list("pages").map((p) => [p.slug, p]));
  const pages = {} as Record<PageId, { path: string; title: string; heading: string; breadcrumb: string; description: string; bannerImage: string }>;
  for (const [id, path] of Object.entries(pagePaths) as [PageId, string][]) {
    const page = pageEntries.get(pageFileSlug(id));
    pageEntries.delete(pageFileSlug(id));
    if (!page) {
      c.problems.push(`${c.dirOf("pages")}/${pageFileSlug(id)}.yaml: file missing (the page ${path} needs it)`);
      continue;
    }
    const { title, heading, breadcrumb, description, bannerImage } = c.fill(page.file, page.entry);
    pages[id] = { path, title, heading, breadcrumb, description, bannerImage };
  }
  for (const extra of pageEntries.values()) c.problems.push(`${extra.file}: no such page (pages are listed in app/content/page-paths.ts)`);
  return { pages };
}

/** The menu (its Product Gallery drop-down follows the gallery families); the frame's words are each language's (content/messages/). */
export function readFrame(c: ReadingContext, families: readonly MenuFamily[]) {
  const navigationEntry = c.entryOf("navigation");
  const navigation = navigationEntry && {
    menu: navigationMenu(navigationEntry.menu, families, (i, message) => c.problems.push(`${c.fileOf("navigation")}: menu.${i}: ${message}`)),
    quickView: navigationEntry.quickView.map((l) => (l.to ? { label: l.label, to: l.to } : { label: l.label })),
  };
  return { navigation: navigation! };
}

type Site = NonNullable<ReturnType<typeof readSite>["site"]>;

/** Company facts in words, in one language (decision 0176): each with the `lang` it is shown in (null: the page's own). */
export type SiteFacts = { headOffice: { country: string; lang: EntryLang } } & Record<SiteFactList, { items: string[]; lang: EntryLang }>;

/**
 * Company facts a visitor reads in words, in each language, the default first (decision 0176): the
 * head office's country, and each list (countries, cotton types, product families) **whole** from
 * the site's translation (content/site/<code>.yaml, by place) or, where the translation lacks a
 * place the English list has (a country added since), the English list, marked with the default
 * language. Each language's translations fill {site.…} with these facts (`usePlaceholdersPerLanguage`).
 */
export function siteFactsPerLanguage(c: ReadingContext, codes: readonly string[], site: Site | null): Record<string, SiteFacts> {
  const [defaultCode, ...translated] = codes;
  if (!defaultCode || !site) return {};
  const one = c.one as unknown as (key: string) => Record<string, unknown> | null | undefined;
  const shown = (code: string | null): SiteFacts => {
    const translation = code ? one(translationKey("site", code)) : null;
    const words = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value : undefined);
    const country = words((translation?.headOffice as Record<string, unknown> | undefined)?.country);
    const lists = Object.fromEntries(
      siteFactLists.map((list) => {
        const english: readonly string[] = site[list];
        const places = translation?.[list];
        const items = Array.isArray(places) ? english.map((_, i) => words(places[i])) : [];
        const whole = english.length > 0 && items.length === english.length && items.every((item) => item !== undefined);
        return [list, whole ? { items: items as string[], lang: code } : { items: [...english], lang: code && defaultCode }];
      }),
    ) as Record<SiteFactList, { items: string[]; lang: EntryLang }>;
    return { headOffice: { country: country ?? site.headOffice.country, lang: code && (country ? code : defaultCode) }, ...lists };
  };
  return Object.fromEntries([[defaultCode, shown(null)], ...translated.map((code) => [code, shown(code)])]);
}

/** The facts {site.…} names in a language's texts: the English facts with that language's words (decision 0176). */
export const siteInLanguage = (site: Site, facts: SiteFacts) => ({
  ...site,
  headOffice: { ...site.headOffice, country: facts.headOffice.country },
  ...Object.fromEntries(siteFactLists.map((list) => [list, facts[list].items])),
});

/** An office's country as a page names it (decision 0181): its words and their `lang` (null on the default language's pages), as a fact list's. */
export type OfficeCountry = { country: string; lang: EntryLang };

/**
 * Each language's names of the offices' countries, in the offices' order (decision 0181): an
 * office's country is its place in Company facts' office countries, in the language's list of
 * them (`siteFactsPerLanguage`: the translation's whole, or the English list, marked).
 */
export function officeCountriesPerLanguage(
  codes: readonly string[],
  offices: readonly { country: string }[],
  site: Site | null,
  facts: Record<string, SiteFacts>,
): Record<string, OfficeCountry[]> {
  return Object.fromEntries(
    codes.map((code) => {
      const { items, lang } = facts[code]?.officeCountries ?? { items: [], lang: null };
      const shown = (country: string): OfficeCountry => {
        const name = items[site?.officeCountries.indexOf(country) ?? -1];
        // Not one of the facts' countries (a problem the reader reports): its English name.
        if (name === undefined) return { country, lang: code === codes[0] ? null : codes[0]! };
        return { country: name, lang };
      };
      return [code, offices.map((o) => shown(o.country))];
    }),
  );
}

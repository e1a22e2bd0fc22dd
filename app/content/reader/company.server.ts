import { companyPageKeys, companyProfileWords, goalCards, pdcaSteps, translationKey } from "../../lib/contracts/content-translations";
import { localizedPath } from "../../lib/contracts/locale-paths";
import type { ReadingContext } from "./context.server";
import type { EntryOf, Singletons } from "./entries.server";
import { singletonPerLanguage, type EntryLang } from "./translations.server";
import type { readHome, SharedLists } from "./home.server";
import type { readSite, SiteFacts } from "./site.server";

// The company pages: about, mission, strengths, compliance, goals, organogram, the MD's message,
// services, quality and the FAQ.

type Video = { label: string; webm: string; mp4: string; poster: string; width: number; height: number };
export const videoSources = (v: Video) => ({
  label: v.label,
  sources: [
    { src: v.webm, type: "video/webm" as const },
    { src: v.mp4, type: "video/mp4" as const },
  ],
  poster: v.poster,
  width: v.width,
  height: v.height,
});

type RawUnit = { id: string; title: string; detail: string; children?: RawUnit[] };
export type OrgUnit = { id: string; title: string; detail?: string; children?: OrgUnit[] };
const orgUnit = (u: RawUnit): OrgUnit => ({
  id: u.id,
  title: u.title,
  ...(u.detail ? { detail: u.detail } : {}),
  ...(u.children?.length ? { children: u.children.map(orgUnit) } : {}),
});

type Site = ReturnType<typeof readSite>["site"] | null;
/** An about page's section: its words, and the list Company facts fills in under it with its `lang` (decision 0176). */
type AboutSection = { heading: string; body: string; items?: readonly string[]; itemsLang?: EntryLang };
type Team = ReturnType<typeof readHome>["team"];

type CompanyKey = (typeof companyPageKeys)[number];
/** A company page's entry as the studio types it, with its placeholders filled, and the file it came from (a translation's or the English one). */
type Got = <K extends CompanyKey>(key: K) => { entry: EntryOf<Singletons[K]>; file: string } | null;

/**
 * The company pages shaped from their entries (the English ones, or a language's: decision 0170):
 * about, the MD's message, compliance, goals, organogram, services, quality and the strengths
 * page's heading. Facts (Company facts' lists, the MD's name and portrait) are the English ones.
 */
function companyPagesFrom(c: ReadingContext, site: Site, team: Team, got: Got, facts: SiteFacts | null) {
  // Company facts' lists in the page's language (decision 0176; the English ones on the default's
  // pages and for the PDF); the standards' names are names, the same in every language.
  const listOf = (list: "productFamilies" | "certificates") =>
    list === "certificates" || !facts ? { items: site?.[list] ?? [], itemsLang: null } : { items: facts[list].items, itemsLang: facts[list].lang };
  const aboutGot = got("about");
  const aboutEntry = aboutGot?.entry;
  const about =
    aboutGot &&
    aboutEntry &&
    site && {
      introHeading: aboutEntry.introHeading,
      intro: c.rich(aboutGot.file, "intro", aboutEntry.intro),
      factsHeading: aboutEntry.factsHeading,
      facts: aboutEntry.facts,
      sections: aboutEntry.sections.map(({ heading, body, list }): AboutSection => ({ heading, body, ...(list === "none" ? {} : listOf(list)) })),
      profile: { label: aboutEntry.profile.label, href: "/company-profile.pdf", fileName: `${site.shortName}-Company-Profile.pdf`, note: aboutEntry.profile.note },
      image: aboutEntry.image,
      teamHeading: aboutEntry.teamHeading,
    };

  const md = team.find((m) => m.role === "Managing Director");
  const mdGot = got("mdMessage");
  const mdEntry = mdGot?.entry;
  const mdMessage = mdGot &&
    mdEntry && {
      heading: mdEntry.heading,
      greeting: mdEntry.greeting,
      message: c.rich(mdGot.file, "message", mdEntry.message),
      signOff: mdEntry.signOff,
      name: md?.name ?? "",
      portraitAlt: mdEntry.portraitAlt.replaceAll("{name}", md?.name ?? ""),
      role: "Managing Director" as const,
      portrait: md?.image ?? "",
    };
  const complianceEntry = got("compliance")?.entry;
  const compliance = complianceEntry && {
    ...complianceEntry,
    cycle: {
      heading: complianceEntry.cycle.heading,
      caption: complianceEntry.cycle.caption,
      steps: [
        // Decision 0176: the steps' names are content (the specification's English ones in English).
        ...pdcaSteps.map((key) => ({ key, name: complianceEntry.cycle.names[key], summary: complianceEntry.cycle[key] })),
      ],
    },
  };

  const goalsEntry = got("goals")?.entry;
  const goals = goalsEntry && {
    intro: goalsEntry.intro,
    objectives: goalsEntry.objectives,
    values: {
      heading: goalsEntry.values.heading,
      cards: [
        // Decision 0176: the cards' names are content (the specification's English ones in English).
        ...goalCards.map((key) => ({ key, name: goalsEntry.values.names[key], description: goalsEntry.values[key] })),
      ],
    },
  };

  const organizationEntry = got("organization")?.entry;
  const organization = organizationEntry && {
    intro: organizationEntry.intro,
    chartTitle: organizationEntry.chartTitle,
    root: orgUnit(organizationEntry.root as unknown as RawUnit),
  };

  const servicesGot = got("services");
  const servicesEntry = servicesGot?.entry;
  if (servicesGot && servicesEntry) {
    const codes = servicesEntry.payment.modes.map((m) => m.code).join(", ");
    c.rule(servicesGot.file, codes === "TT, L/C, DAP", `payment.modes: must be TT, L/C, DAP (fixed by the specification), found ${codes}`);
  }
  const services =
    servicesEntry &&
    site && {
      intro: servicesEntry.intro,
      offered: servicesEntry.offered,
      products: { ...servicesEntry.products, ...listOf("productFamilies") },
      payment: servicesEntry.payment,
      video: { heading: servicesEntry.video.heading, caption: servicesEntry.video.caption, ...videoSources(servicesEntry.video.video) },
    };

  return {
    about: about!,
    mdMessage: mdMessage!,
    compliance: compliance!,
    goals: goals!,
    organization: organization!,
    services: services!,
    quality: got("quality")?.entry as EntryOf<Singletons["quality"]>,
    strengthPage: got("strengthPage")?.entry as EntryOf<Singletons["strengthPage"]>,
  };
}

export function readCompany(c: ReadingContext, site: Site, team: Team) {
  const english = companyPagesFrom(
    c,
    site,
    team,
    (key) => {
      const entry = c.entryOf(key);
      return entry ? { entry, file: c.fileOf(key) } : null;
    },
    null,
  );

  const faqEntries = c.list("faqEntries").map(({ slug, file, entry }) => ({
    id: slug,
    question: c.fill(file, { question: entry.question }).question,
    answer: c.rich(file, "answer", entry.answer),
  }));
  c.rule(c.dirOf("faqEntries"), faqEntries.length >= 1, "must hold at least one question");
  const faqPage = c.entryOf("faqPage");
  const faq = faqPage && { heading: faqPage.heading, intro: faqPage.intro, entries: faqEntries, bannerVideo: videoSources(faqPage.bannerVideo) };

  return { ...english, mission: c.entryOf("mission")!, faq: faq! };
}

/** The company profile PDF's own words in one language (decision 0188). */
export type CompanyProfileWords = Record<(typeof companyProfileWords)[number], string>;
/** A language's company profile PDF: its file in the site (company-profile.pdf, de/company-profile.pdf) and its own words. */
export type CompanyProfile = { path: string; words: CompanyProfileWords };

/** The company profile PDF's address in a language (decision 0188): /company-profile.pdf, /de/company-profile.pdf, under its prefix as the line sheets'. */
export const companyProfilePath = (code: string, codes: readonly string[]) =>
  localizedPath("/company-profile.pdf", code, codes.map((c) => ({ code: c })));

/**
 * The company pages in each language, the default first (decision 0170): each page shaped from its
 * translation's words over the English file (`singletonPerLanguage`), or from the English file,
 * with its `lang` (null on the default language's pages, the translation's code, or the
 * default's where it falls back). Each company route's build-time loader gives a page its own
 * language's page (app/content/company-pages.ts). And the company profile PDF of each language
 * whose about page is translated (decision 0188: the translation holds the PDF's words; the default
 * language's always), which the about page links; another language's about page, English, links
 * the default language's.
 */
export function companyPagesPerLanguage(
  c: ReadingContext,
  codes: readonly string[],
  site: Site,
  team: Team,
  lists: Record<string, SharedLists>,
  facts: Record<string, SiteFacts>,
) {
  // The MD's role on the letter is the team list's, in the page's language where it is translated.
  const md = team.findIndex((m) => m.role === "Managing Director");
  const perKey = Object.fromEntries(companyPageKeys.map((key) => [key, singletonPerLanguage(c, codes, key)])) as Record<
    CompanyKey,
    Record<string, Record<string, unknown> & { lang: EntryLang }>
  >;
  const fileOf = c.fileOf as unknown as (key: string) => string;
  const defaultCode = codes[0]!;
  const profiles: Record<string, CompanyProfile> = {};
  const perLanguage = Object.fromEntries(
    codes.map((code) => {
      const pages = companyPagesFrom(
        c,
        site,
        team,
        (key) => {
          const shown = perKey[key][code];
          if (!c.one(key) || !shown) return null;
          const { lang, ...entry } = shown;
          return { entry: entry as unknown as EntryOf<Singletons[typeof key]>, file: lang === code ? fileOf(translationKey(key, code)) : fileOf(key) };
        },
        facts[code] ?? null,
      );
      const withLang = <K extends CompanyKey>(key: K) => ({ ...pages[key], lang: perKey[key][code]!.lang });
      const shared = lists[code]!;
      const mdMember = shared.team[md];
      // The PDF in the about page's language: its translation's (which holds the PDF's words), or the default language's.
      const about = withLang("about");
      const pdfCode = about.lang === null || about.lang === code ? code : defaultCode;
      if (pdfCode === code && about.profile) {
        const { profile } = perKey.about[code] as unknown as { profile: CompanyProfileWords };
        const words = Object.fromEntries(companyProfileWords.map((word) => [word, profile[word]])) as CompanyProfileWords;
        profiles[code] = { path: companyProfilePath(code, codes).slice(1), words };
      }
      const profile = about.profile && {
        ...about.profile,
        href: companyProfilePath(pdfCode, codes),
        fileName: about.profile.fileName.replace(/\.pdf$/, pdfCode === defaultCode ? ".pdf" : `-${pdfCode}.pdf`),
      };
      return [
        code,
        {
          // The about page's team carousel and the strengths page's list in this language (decision 0170).
          about: { ...about, profile: profile!, team: shared.team },
          mdMessage: { ...withLang("mdMessage"), role: mdMember?.role ?? pages.mdMessage.role, roleLang: mdMember?.lang ?? null },
          compliance: withLang("compliance"),
          goals: withLang("goals"),
          organization: withLang("organization"),
          services: withLang("services"),
          quality: withLang("quality"),
          strengthPage: { ...withLang("strengthPage"), strengths: shared.strengths },
        },
      ];
    }),
  );
  return { pages: perLanguage, profiles };
}

import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Collection, ComponentSchema, Config, Singleton } from "@keystatic/core";
import { createReader, type EntryWithResolvedLinkedFiles } from "@keystatic/core/reader";
import keystaticConfig from "../../../keystatic.config";
import { business, carousel } from "../../lib/constants";
import { shownContentPath } from "../../lib/content-path";
import { pageFileSlug, pagePaths, type PageId } from "../page-paths";
import type { RichText } from "../rich-text";
import { isoDay } from "../../features/jobs/open-jobs";
import { factLabels, type JobFile, jobSummary, shapeJobs } from "./jobs";
import { GalleryContentError, readGalleryFamilies } from "../../features/gallery/gallery-content.server";
import { galleryCollections } from "../studio/gallery";
import { markdocToRichText } from "./markdoc";
import { type MenuFamily, navigationMenu } from "./navigation-menu";
import { resolvePlaceholders, type PlaceholderValues } from "./placeholders";

// Build-time only (Node): reads content/ with Keystatic's reader and the studio's own field
// definitions (keystatic.config.ts), checks what fields cannot (counts, the one head office,
// shares adding up to 100, …), fills in {site.…} placeholders and shapes each content module the
// pages import (app/content/<name>.ts via the Vite plugin in ./vite-plugin.ts).

/** Content root: CONTENT_DIR (relative to the project root) or content/. */
export function contentRoot(dir = process.env.CONTENT_DIR): string {
  return resolve(dir || "content");
}


/** Every problem found, one line each: `content/offices/usa.yaml: phone: Phone must not be empty`. */
export class ContentError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid content (${problems.length} problem${problems.length === 1 ? "" : "s"}):\n${problems.join("\n")}`);
    this.name = "ContentError";
  }
}

type AnyConfig = Config<Record<string, Collection<Record<string, ComponentSchema>, string>>, Record<string, Singleton<Record<string, ComponentSchema>>>>;
const studio = keystaticConfig as unknown as AnyConfig;
type Studio = typeof keystaticConfig;
type Singletons = NonNullable<Studio["singletons"]>;
type Collections = NonNullable<Studio["collections"]>;

// Keystatic paths start with content/; reading from another root (CONTENT_DIR) re-bases them
// (createReader(contentRoot, rebased(config)), or Keystatic's localBaseDirectory = contentRoot).
const prefix = "content/";
export function rebased(config: AnyConfig): AnyConfig {
  const strip = <T extends { path?: string }>(entries: Record<string, T> = {}) =>
    Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, { ...v, path: v.path?.startsWith(prefix) ? v.path.slice(prefix.length) : v.path }]));
  return { ...config, singletons: strip(config.singletons), collections: strip(config.collections) } as AnyConfig;
}

const extensionOf = (format: unknown) => (typeof format === "object" && format !== null && "contentField" in format ? ".mdoc" : ".yaml");

type Entry = Record<string, unknown>;
type Slugged = { slug: string; file: string; entry: Entry };

/** The gallery's collections have one reader of their own (app/features/gallery/gallery-content.server.ts). */
const galleryCollectionKeys = new Set(Object.keys(galleryCollections("")));

/** Reads every singleton and collection entry but the gallery's; problems are collected, not thrown one by one. */
async function readAll(root: string) {
  const reader = createReader(root, rebased(studio));
  const problems: string[] = [];
  const shown = (file: string) => shownContentPath(file, root);
  const fileOf = (path: string, format: unknown) => shown(join(root, path.slice(prefix.length).replace(/\*$/, "")) + extensionOf(format));
  const report = (file: string, err: unknown) => {
    // A file that is not YAML at all: js-yaml's reason and line.
    const yaml = err as { name?: string; reason?: string; mark?: { line: number } };
    if (yaml.name === "YAMLException") return void problems.push(`${file}: line ${(yaml.mark?.line ?? 0) + 1}: ${yaml.reason}`);
    const message = err instanceof Error ? err.message : String(err);
    // Keystatic: 'Invalid data for singleton "site":\nfield: message' → one line per field.
    const lines = message.split("\n");
    const fieldLines = lines[0]?.startsWith("Invalid data for") ? lines.slice(1) : lines;
    for (const line of fieldLines) {
      // A key the studio does not know: name it as the field it is.
      const unknown = /^(.*): Key on object value "(.+)" is not allowed$/.exec(line);
      if (unknown) problems.push(`${file}: ${[unknown[1], unknown[2]].filter(Boolean).join(".")}: not a field of this content type`);
      else problems.push(`${file}: ${line}`);
    }
  };

  const singletons: Record<string, { file: string; entry: Entry | null }> = {};
  await Promise.all(
    Object.entries(studio.singletons ?? {}).map(async ([key, def]) => {
      const file = fileOf(def.path!, def.format);
      try {
        const entry = (await reader.singletons[key]!.read({ resolveLinkedFiles: true })) as Entry | null;
        if (entry === null) problems.push(`${file}: file missing`);
        singletons[key] = { file, entry };
      } catch (err) {
        report(file, err);
        singletons[key] = { file, entry: null };
      }
    }),
  );

  const collections: Record<string, Slugged[]> = {};
  await Promise.all(
    Object.entries(studio.collections ?? {}).map(async ([key, def]) => {
      if (galleryCollectionKeys.has(key)) return; // read by the gallery's own reader
      const dir = def.path!.replace(/\*+$/, ""); // "items/*" and nested "items/**" (the gallery)
      const items: Slugged[] = [];
      for (const slug of (await reader.collections[key]!.list()).sort()) {
        const file = fileOf(`${dir}${slug}`, def.format);
        try {
          const entry = (await reader.collections[key]!.read(slug, { resolveLinkedFiles: true })) as Entry | null;
          if (entry) items.push({ slug, file, entry });
        } catch (err) {
          report(file, err);
        }
      }
      collections[key] = items;
    }),
  );
  return { singletons, collections, problems, dirOf: (key: keyof Collections) => shown(join(root, studio.collections![key]!.path!.slice(prefix.length).replace(/\/?\*$/, ""))) };
}

type Video = { label: string; webm: string; mp4: string; poster: string; width: number; height: number };
const videoSources = (v: Video) => ({
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

/** "+880 1700-000000" → "+8801700000000" for tel: links. */
export const phoneHref = (phone: string) => `+${phone.replace(/\D/g, "")}`;

const byOrder = (a: Slugged, b: Slugged) => Number(a.entry.order) - Number(b.entry.order) || a.slug.localeCompare(b.slug);

/**
 * Reads, validates and shapes all content. Throws a ContentError listing every problem with its
 * file and field, so `npm run build` stops on a bad edit and says where it is.
 */
export async function readContent(root = contentRoot(), { today = isoDay() }: { today?: string } = {}) {
  const { singletons, collections, problems, dirOf } = await readAll(root);
  const rule = (file: string, ok: boolean, message: string) => {
    if (!ok) problems.push(`${file}: ${message}`);
  };

  // Entries as the studio's schema types them (the reader has checked every field).
  const one = <K extends keyof Singletons>(key: K) => singletons[key as string]?.entry as unknown as EntryOf<Singletons[K]>;
  const fileOf = (key: keyof Singletons) => singletons[key as string]!.file;
  const list = <K extends keyof Collections>(key: K) =>
    (collections[key as string] ?? []).slice().sort(byOrder) as unknown as (Omit<Slugged, "entry"> & { entry: EntryOf<Collections[K]> })[];

  // Markdoc → rich text with placeholders filled, the file and field named on failure.
  let values: PlaceholderValues | null = null;
  const rich = (file: string, field: string, value: unknown): RichText => {
    try {
      const tree = markdocToRichText((value as { node: Parameters<typeof markdocToRichText>[0] }).node);
      return values ? resolvePlaceholders(tree, values, (_, msg) => problems.push(`${file}: ${field}: ${msg}`)) : tree;
    } catch (err) {
      problems.push(`${file}: ${field}: ${(err as Error).message}`);
      return [];
    }
  };

  // The company's facts, with the head office's contact details (written once, in its office file).
  const offices = list("offices");
  const heads = offices.filter((o) => o.entry.isHeadOffice);
  rule(dirOf("offices"), heads.length === 1, `exactly one office must be the head office (found ${heads.length})`);
  const siteEntry = one("site");
  const head = heads[0]?.entry;
  const site =
    siteEntry && head
      ? {
          ...siteEntry,
          headOffice: { ...siteEntry.headOffice, address: head.address },
          email: head.email,
          phone: head.phone,
          phoneHref: phoneHref(head.phone),
          sisterConcern: { ...siteEntry.sisterConcern },
        }
      : null;
  if (siteEntry) rule(fileOf("site"), siteEntry.tagline === "100% Export Oriented Company", 'tagline: must be "100% Export Oriented Company" (SPEC §2)');

  // {site.…} and {business.…} in any text: filled in here, an unknown name is a problem.
  values = site ? { site, business } : null;
  const fill = <T>(file: string, value: T): T => (values ? resolvePlaceholders(value, values, (path, msg) => problems.push(`${file}: ${path}: ${msg}`)) : value);
  const entryOf = <K extends keyof Singletons>(key: K) => fill(fileOf(key), one(key));

  const faqEntries = list("faqEntries").map(({ slug, file, entry }) => ({
    id: slug,
    question: fill(file, { question: entry.question }).question,
    answer: rich(file, "answer", entry.answer),
  }));
  // Lists may grow and shrink in the studio (the seed content has the counts of SPEC §3 and §9);
  // each keeps what its page needs to work.
  rule(dirOf("faqEntries"), faqEntries.length >= 1, "must hold at least one question");

  const teamList = list("team").map(({ file, entry }) => ({
    name: entry.name,
    role: entry.role,
    rating: Number(entry.rating) as 4 | 5,
    text: fill(file, { text: entry.text }).text,
    image: entry.image,
  }));
  rule(dirOf("team"), teamList.length >= 1, "must hold at least one team member");
  const md = teamList.find((m) => m.role === "Managing Director");
  rule(dirOf("team"), md !== undefined, "the Managing Director is missing (the MD message takes name and photo from there)");

  const strengths = list("strengths").map(({ slug, file, entry }) => ({ id: slug, ...fill(file, { name: entry.name, description: entry.description }), image: entry.image }));
  rule(dirOf("strengths"), strengths.length >= 1, "must hold at least one strength");

  const certificates = list("certificates").map(({ slug, entry }) => ({ id: slug, label: entry.label, image: entry.image }));
  const minCertificates = carousel.certificateVisible;
  rule(dirOf("certificates"), certificates.length >= minCertificates, `must hold at least ${minCertificates} cards, one carousel view (found ${certificates.length})`);

  const valueCards = list("values").map(({ slug, file, entry }) => ({ id: slug, ...fill(file, { title: entry.title, description: entry.description }), image: entry.image }));
  const minValues = carousel.valueVisible;
  rule(dirOf("values"), valueCards.length >= minValues, `must hold at least ${minValues} values, one carousel view (found ${valueCards.length})`);

  const categoryShares = list("categoryShares").map(({ entry }) => ({ label: entry.label, percentage: entry.percentage, color: entry.color }));
  const shareSum = categoryShares.reduce((sum, s) => sum + s.percentage, 0);
  rule(dirOf("categoryShares"), shareSum === 100, `percentages must add up to 100 (they add up to ${shareSum})`);

  // Pages: every page of app/content/page-paths.ts has its file, and no file is left over.
  const pageEntries = new Map(list("pages").map((p) => [p.slug, p]));
  const pages = {} as Record<PageId, { path: string; title: string; heading: string; breadcrumb: string; description: string; bannerImage: string }>;
  for (const [id, path] of Object.entries(pagePaths) as [PageId, string][]) {
    const page = pageEntries.get(pageFileSlug(id));
    pageEntries.delete(pageFileSlug(id));
    if (!page) {
      problems.push(`${dirOf("pages")}/${pageFileSlug(id)}.yaml: file missing (the page ${path} needs it)`);
      continue;
    }
    const { title, heading, breadcrumb, description, bannerImage } = fill(page.file, page.entry);
    pages[id] = { path, title, heading, breadcrumb, description, bannerImage };
  }
  for (const extra of pageEntries.values()) problems.push(`${extra.file}: no such page (pages are listed in app/content/page-paths.ts)`);

  // The Product Gallery drop-down lists the gallery families, read by the gallery's own reader.
  let families: MenuFamily[] = [];
  try {
    families = await readGalleryFamilies(root);
  } catch (err) {
    if (!(err instanceof GalleryContentError)) throw err;
    problems.push(...err.problems);
  }
  const navigationEntry = entryOf("navigation");
  const navigation = navigationEntry && {
    menu: navigationMenu(navigationEntry.menu, families, (i, message) => problems.push(`${fileOf("navigation")}: menu.${i}: ${message}`)),
    quickView: navigationEntry.quickView.map((l) => (l.to ? { label: l.label, to: l.to } : { label: l.label })),
  };

  const hero = entryOf("homeHero");
  const home = hero && {
    hero: { video: hero.video, lead: hero.lead, certificatesLabel: hero.certificatesLabel, certificates: hero.certificates, playNote: hero.playNote, cta: hero.cta, pausePlay: hero.pausePlay },
    videoFallback: entryOf("labels")?.videoFallback ?? "",
    trustedPartner: entryOf("homeTrustedPartner"),
    categoryShares: entryOf("homeCategoryShares"),
    certificates: entryOf("homeCertificates"),
    whyChooseUs: entryOf("homeWhyChooseUs"),
    strengths: entryOf("homeStrengths"),
    values: entryOf("homeValues"),
    banner: entryOf("homeBanner"),
    team: entryOf("homeTeam"),
    getInTouch: entryOf("homeGetInTouch"),
  };
  const conceptEntry = entryOf("homeConcept");
  const concept = conceptEntry && {
    ...conceptEntry,
    values: conceptEntry.values.map((v, i) => ({ number: String(i + 1).padStart(2, "0"), ...v })),
  };

  const aboutEntry = entryOf("about");
  const about =
    aboutEntry &&
    site && {
      introHeading: aboutEntry.introHeading,
      intro: rich(fileOf("about"), "intro", aboutEntry.intro),
      factsHeading: aboutEntry.factsHeading,
      facts: aboutEntry.facts,
      sections: aboutEntry.sections.map(({ heading, body, list }) => ({ heading, body, ...(list === "none" ? {} : { items: site[list] }) })),
      profile: { label: aboutEntry.profile.label, href: "/company-profile.pdf", fileName: `${site.shortName}-Company-Profile.pdf`, note: aboutEntry.profile.note },
      image: aboutEntry.image,
      teamHeading: aboutEntry.teamHeading,
    };

  const mdEntry = entryOf("mdMessage");
  const mdMessage = mdEntry && {
    heading: mdEntry.heading,
    greeting: mdEntry.greeting,
    message: rich(fileOf("mdMessage"), "message", mdEntry.message),
    signOff: mdEntry.signOff,
    name: md?.name ?? "",
    portraitAlt: mdEntry.portraitAlt.replaceAll("{name}", md?.name ?? ""),
    role: "Managing Director" as const,
    portrait: md?.image ?? "",
  };

  const complianceEntry = entryOf("compliance");
  const compliance = complianceEntry && {
    ...complianceEntry,
    cycle: {
      heading: complianceEntry.cycle.heading,
      caption: complianceEntry.cycle.caption,
      steps: [
        { name: "Plan" as const, summary: complianceEntry.cycle.plan },
        { name: "Do" as const, summary: complianceEntry.cycle.do },
        { name: "Check" as const, summary: complianceEntry.cycle.check },
        { name: "Act" as const, summary: complianceEntry.cycle.act },
      ],
    },
  };

  const goalsEntry = entryOf("goals");
  const goals = goalsEntry && {
    intro: goalsEntry.intro,
    objectives: goalsEntry.objectives,
    values: {
      heading: goalsEntry.values.heading,
      cards: [
        { name: "Team Work" as const, description: goalsEntry.values.teamWork },
        { name: "Success" as const, description: goalsEntry.values.success },
        { name: "Creative" as const, description: goalsEntry.values.creative },
        { name: "Express Goals Positively" as const, description: goalsEntry.values.expressGoalsPositively },
      ],
    },
  };

  const organizationEntry = entryOf("organization");
  const organization = organizationEntry && {
    intro: organizationEntry.intro,
    chartTitle: organizationEntry.chartTitle,
    root: orgUnit(organizationEntry.root as unknown as RawUnit),
  };

  const servicesEntry = entryOf("services");
  if (servicesEntry) {
    const codes = servicesEntry.payment.modes.map((m) => m.code).join(", ");
    rule(fileOf("services"), codes === "TT, L/C, DAP", `payment.modes: must be TT, L/C, DAP (SPEC §1), found ${codes}`);
  }
  const services =
    servicesEntry &&
    site && {
      intro: servicesEntry.intro,
      offered: servicesEntry.offered,
      products: { ...servicesEntry.products, items: site.productFamilies },
      payment: servicesEntry.payment,
      video: { heading: servicesEntry.video.heading, caption: servicesEntry.video.caption, ...videoSources(servicesEntry.video.video) },
    };

  const faqPage = entryOf("faqPage");
  const faq = faqPage && { heading: faqPage.heading, intro: faqPage.intro, entries: faqEntries, bannerVideo: videoSources(faqPage.bannerVideo) };

  const contactEntry = entryOf("contact");
  const contact = contactEntry && {
    detailsHeading: contactEntry.detailsHeading,
    addressLabel: contactEntry.addressLabel,
    emailLabel: contactEntry.emailLabel,
    phoneLabel: contactEntry.phoneLabel,
    map: contactEntry.map,
    form: (({ nameLabel, emailLabel, subjectLabel, messageLabel, ...rest }) => ({
      ...rest,
      labels: { name: nameLabel, email: emailLabel, subject: subjectLabel, message: messageLabel },
    }))(contactEntry.form),
  };

  const careerEntry = entryOf("career");
  const career =
    careerEntry &&
    (({ nameLabel, emailLabel, phoneLabel, positionLabel, coverLetterLabel, resumeLabel, ...rest }) => ({
      ...rest,
      labels: { name: nameLabel, email: emailLabel, phone: phoneLabel, position: positionLabel, coverLetter: coverLetterLabel, resume: resumeLabel },
    }))(careerEntry);

  // The static gallery pages: each card's picture must be a photo that exists under media/.
  const showcases = entryOf("galleryShowcases");
  if (showcases) {
    for (const [page, showcase] of Object.entries(showcases)) {
      showcase.cards.forEach((card, i) => {
        const file = join(root, card.image.replace(/^\//, ""));
        rule(fileOf("galleryShowcases"), existsSync(file), `${page}.cards[${i}].image: no such photo ${shownContentPath(file, root)} (choose a photo of a gallery item)`);
      });
    }
  }

  // Job openings: checked, the expired ones left out (the build's date decides).
  const jobsPageEntry = entryOf("jobsPage");
  const jobFiles = list("jobs").map(({ slug, file, entry: { description, ...fields } }): JobFile => ({
    ...fill(file, fields),
    slug,
    file,
    description: rich(file, "description", description),
  }));
  const jobs = jobsPageEntry ? shapeJobs(jobFiles, jobsPageEntry, today, (p) => problems.push(p)) : [];

  if (problems.length) throw new ContentError([...new Set(problems)].sort());

  // One module per page-facing import (app/content/<name>.ts), so each page's bundle carries only
  // what it shows, as before.
  const modules = {
    site: site!,
    offices: offices.map(({ entry: o }) => ({
      country: o.country,
      label: o.label,
      isHeadOffice: o.isHeadOffice,
      address: o.address,
      email: o.email,
      phone: o.phone,
      phoneHref: phoneHref(o.phone),
      website: o.website,
    })),
    navigation: navigation!,
    pages,
    faq: faq!,
    strengths,
    strengthPage: entryOf("strengthPage")!,
    // labels.yaml is one file for the editor, several modules for the pages: the frame's words (in
    // every page's shell), and one per group, imported by the component that shows it.
    ...(({ carousel, video, teamCard, pictureWindow, gallery, galleryVideo, consent, ...frame }) => ({
      labels: frame,
      carouselLabels: carousel,
      videoLabels: video,
      teamCardLabels: teamCard,
      pictureWindowLabels: pictureWindow,
      galleryLabels: gallery,
      galleryVideoLabels: galleryVideo,
      consentLabels: consent,
    }))(entryOf("labels")!),
    galleryShowcases: { ...showcases!, file: fileOf("galleryShowcases") },
    team: teamList,
    about: about!,
    mission: entryOf("mission")!,
    compliance: compliance!,
    goals: goals!,
    organization: organization!,
    mdMessage: mdMessage!,
    services: services!,
    quality: entryOf("quality")!,
    contact: contact!,
    career: career!,
    formResults: entryOf("formResults")!,
    home: home!,
    certificateCards: certificates,
    categoryShares,
    valueCards,
    concept: concept!,
    jobs,
    // /career carries only what its list shows; the job and apply pages the rest of content/jobs.yaml.
    jobList: {
      heading: jobsPageEntry!.heading,
      // Shipped only when it is shown.
      noOpenings: jobs.length ? null : jobsPageEntry!.noOpenings,
      labels: factLabels(jobsPageEntry!),
      jobs: jobs.map(jobSummary),
    },
    jobsPage: (({ descriptionHeading, apply, applyHeading, applyIntro, backToJob, applyDescription }) => ({
      descriptionHeading,
      apply,
      applyHeading,
      applyIntro,
      backToJob,
      applyDescription,
      labels: factLabels(jobsPageEntry!),
    }))(jobsPageEntry!),
  };
  return modules;
}

export type ContentModules = Awaited<ReturnType<typeof readContent>>;
export type ContentModuleName = keyof ContentModules;

// What Keystatic's reader returns for an entry, with Markdoc fields resolved.
type EntryOf<T> = T extends Singleton<Record<string, ComponentSchema>> | Collection<Record<string, ComponentSchema>, string> ? EntryWithResolvedLinkedFiles<T> : never;

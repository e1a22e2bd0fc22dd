import type { ReadingContext } from "./context.server";
import type { readHome } from "./home.server";
import type { readSite } from "./site.server";

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
type Team = ReturnType<typeof readHome>["team"];

export function readCompany(c: ReadingContext, site: Site, team: Team) {
  const aboutEntry = c.entryOf("about");
  const about =
    aboutEntry &&
    site && {
      introHeading: aboutEntry.introHeading,
      intro: c.rich(c.fileOf("about"), "intro", aboutEntry.intro),
      factsHeading: aboutEntry.factsHeading,
      facts: aboutEntry.facts,
      sections: aboutEntry.sections.map(({ heading, body, list }) => ({ heading, body, ...(list === "none" ? {} : { items: site[list] }) })),
      profile: { label: aboutEntry.profile.label, href: "/company-profile.pdf", fileName: `${site.shortName}-Company-Profile.pdf`, note: aboutEntry.profile.note },
      image: aboutEntry.image,
      teamHeading: aboutEntry.teamHeading,
    };

  const md = team.find((m) => m.role === "Managing Director");
  const mdEntry = c.entryOf("mdMessage");
  const mdMessage = mdEntry && {
    heading: mdEntry.heading,
    greeting: mdEntry.greeting,
    message: c.rich(c.fileOf("mdMessage"), "message", mdEntry.message),
    signOff: mdEntry.signOff,
    name: md?.name ?? "",
    portraitAlt: mdEntry.portraitAlt.replaceAll("{name}", md?.name ?? ""),
    role: "Managing Director" as const,
    portrait: md?.image ?? "",
  };

  const complianceEntry = c.entryOf("compliance");
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

  const goalsEntry = c.entryOf("goals");
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

  const organizationEntry = c.entryOf("organization");
  const organization = organizationEntry && {
    intro: organizationEntry.intro,
    chartTitle: organizationEntry.chartTitle,
    root: orgUnit(organizationEntry.root as unknown as RawUnit),
  };

  const servicesEntry = c.entryOf("services");
  if (servicesEntry) {
    const codes = servicesEntry.payment.modes.map((m) => m.code).join(", ");
    c.rule(c.fileOf("services"), codes === "TT, L/C, DAP", `payment.modes: must be TT, L/C, DAP (fixed by the specification), found ${codes}`);
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

  const faqEntries = c.list("faqEntries").map(({ slug, file, entry }) => ({
    id: slug,
    question: c.fill(file, { question: entry.question }).question,
    answer: c.rich(file, "answer", entry.answer),
  }));
  c.rule(c.dirOf("faqEntries"), faqEntries.length >= 1, "must hold at least one question");
  const faqPage = c.entryOf("faqPage");
  const faq = faqPage && { heading: faqPage.heading, intro: faqPage.intro, entries: faqEntries, bannerVideo: videoSources(faqPage.bannerVideo) };

  return {
    about: about!,
    mission: c.entryOf("mission")!,
    strengthPage: c.entryOf("strengthPage")!,
    compliance: compliance!,
    goals: goals!,
    organization: organization!,
    mdMessage: mdMessage!,
    services: services!,
    quality: c.entryOf("quality")!,
    faq: faq!,
  };
}

import { carousel } from "../../lib/contracts/constants";
import type { ReadingContext } from "./context.server";
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

  const hero = c.entryOf("homeHero");
  const home = hero && {
    hero: { video: hero.video, lead: hero.lead, certificatesLabel: hero.certificatesLabel, certificates: hero.certificates, playNote: hero.playNote, cta: hero.cta, secondaryCta: hero.secondaryCta, pausePlay: hero.pausePlay },
    trustedPartner: c.entryOf("homeTrustedPartner"),
    categoryShares: c.entryOf("homeCategoryShares"),
    certificates: c.entryOf("homeCertificates"),
    whyChooseUs: c.entryOf("homeWhyChooseUs"),
    strengths: c.entryOf("homeStrengths"),
    values: c.entryOf("homeValues"),
    banner: c.entryOf("homeBanner"),
    team: c.entryOf("homeTeam"),
    getInTouch: c.entryOf("homeGetInTouch"),
  };
  const conceptEntry = c.entryOf("homeConcept");
  const concept = conceptEntry && {
    ...conceptEntry,
    values: conceptEntry.values.map((v, i) => ({ number: String(i + 1).padStart(2, "0"), ...v })),
  };

  return { home: home!, concept: concept!, team: teamList, strengths, certificateCards, valueCards, categoryShares };
}

// The company profile PDF (decision 0015), drawn from the same content as the website (content/, or
// CONTENT_DIR, read by app/content/reader), so the download never disagrees with the pages. Written
// into the build by the company-profile-pdf step (scripts/build/steps/company-profile-pdf.mjs).
// In every language whose about page is translated (decision 0188): drawn with the line sheets' PDF
// maker (server/platform/pdf-document.ts: pdfkit, Noto Sans, the catalog's /Lang), its own words the
// about page's translation's, its passages each company page's in the language, a page not yet
// translated English and marked so. Each is cached by a hash of its input (decision 0195): a build
// draws only a profile whose words changed, and an unchanged one keeps its bytes.
import { type SiteContent, headOfficeAddress } from "../../../app/content/reader/site-content.server";
import { richTextParagraphs } from "../../../app/content/rich-text";
import { type CachedPdf, cachedPdf, pdfCacheDir } from "../../../server/platform/pdf-cache";
import { a4, createPdf, inLanguage, numberPages, pdfBytes, pdfColours, type Pdf, type PdfTextPart, writeParts } from "../../../server/platform/pdf-document";

/** Part of every profile's cache key: change the drawing, bump it, and every profile is made anew. */
const layoutVersion = "company-profile-1";

/** Words, with their language where it is not the document's. */
type Passage = { text: string; lang?: string };
/** A label and its value side by side (the key facts, the services, the contact): the value's parts each in their language. */
type Pair = { label: string; value: readonly PdfTextPart[] };
/** A part of a section in one language (`lang`, where it is not the document's): a paragraph, pairs or a bulleted list. */
type Block = ({ paragraph: string } | { pairs: readonly Pair[] } | { bullets: readonly string[] }) & { lang?: string };
type Section = { heading: Passage; blocks: Block[] };

/** Everything a profile shows, in one language. */
export type ProfileInput = {
  /** The document's language (a code of content/locales.yaml): the catalog's /Lang. */
  lang: string;
  /** Its file in the site: company-profile.pdf, de/company-profile.pdf. */
  path: string;
  name: string;
  /** "Company Profile": after the tagline, and in the file's title. */
  title: string;
  tagline: Passage;
  intro: Block;
  sections: Section[];
  /** "Page {page} of {pages}" and what precedes it at the foot of every page. */
  footer: { before: string; page: string };
};

/** `lang` where it is not the document's: null (the default language's pages) and the document's own mark nothing. */
const besides = (lang: string | null | undefined, code: string) => (lang && lang !== code ? { lang } : {});

/**
 * The profiles' input from the content (decision 0188): one per language that has its own
 * (`companyProfiles`: the default language's, and each whose about page is translated), each
 * company page's words in that language or, where a page is not translated, English and marked.
 */
export function profileInputs(content: SiteContent): ProfileInput[] {
  const { site, companyPages, missions, messages } = content.modules;
  return Object.entries(content.companyProfiles).map(([code, { path, words }]) => {
    const { about, services, quality, compliance } = companyPages[code]!;
    const mission = missions[code]!;
    const inPage = (lang: string | null) => besides(lang, code);
    const text = (value: string): PdfTextPart[] => [{ text: value }];
    const frame = messages[code]!.site;
    const pageSections = (heading: string, lang: string | null, blocks: Block[]): Section => ({
      heading: { text: heading, ...inPage(lang) },
      blocks: blocks.map((block) => ({ ...inPage(lang), ...block })),
    });
    return {
      lang: code,
      path,
      name: site.name,
      title: words.title,
      tagline: { text: frame.tagline, ...inPage(frame.lang) },
      intro: { paragraph: richTextParagraphs(about.intro).join("\n\n"), ...inPage(about.lang) },
      sections: [
        pageSections(about.factsHeading, about.lang, [{ pairs: about.facts.map((f) => ({ label: f.label, value: text(f.value) })) }]),
        ...about.sections.map((s) =>
          pageSections(s.heading, about.lang, [
            { paragraph: s.body },
            // The list Company facts fills in, in its own language (decision 0176).
            ...(s.items ? [{ bullets: s.items, ...besides(s.itemsLang ?? about.lang, code) }] : []),
          ]),
        ),
        pageSections(mission.mission.heading, mission.lang, [{ paragraph: mission.mission.statement }]),
        pageSections(mission.vision.heading, mission.lang, [{ paragraph: mission.vision.statement }, { bullets: mission.vision.targets }]),
        pageSections(services.offered.heading, services.lang, [
          { paragraph: services.intro },
          { pairs: services.offered.items.map((i) => ({ label: i.title, value: text(i.description) })) },
        ]),
        pageSections(services.payment.heading, services.lang, [{ pairs: services.payment.modes.map((m) => ({ label: m.code, value: text(m.name) })) }]),
        {
          heading: { text: words.quality },
          blocks: [
            { paragraph: quality.inspection.body },
            { pairs: [{ label: quality.inspection.companiesHeading, value: text(quality.inspection.companies.join(", ")) }] },
            { bullets: quality.precautions.items },
          ].map((block) => ({ ...block, ...inPage(quality.lang) })),
        },
        {
          heading: { text: words.compliance },
          blocks: [
            { paragraph: compliance.intro },
            { pairs: compliance.cycle.steps.map((s) => ({ label: s.name, value: text(s.summary) })) },
            { bullets: compliance.goals.items },
          ].map((block) => ({ ...block, ...inPage(compliance.lang) })),
        },
        {
          heading: { text: words.contact },
          blocks: [
            {
              pairs: [
                // The street in the office's own words, the country in the language's (decision 0181), as the line sheets' letterhead.
                { label: words.headOffice, value: headOfficeAddress(content, code) },
                { label: words.email, value: text(site.email) },
                { label: words.phone, value: text(site.phone) },
                { label: words.website, value: text(site.url) },
              ],
            },
          ],
        },
      ],
      footer: { before: `${site.name}  |  ${site.url}`, page: words.page },
    };
  });
}

const width = a4.width - 2 * a4.margin;
const bottom = a4.height - a4.margin - 16;
const labelWidth = 150;
const gutter = 12;

/**
 * On a new page when fewer than `height` points are left on this one; pdfkit's own way on, which
 * closes an open span (a passage in another language) at the page's end and opens it again on the next.
 */
function room(doc: Pdf, height: number): void {
  if (doc.y + height > bottom) doc.continueOnNewPage();
}

function writeBlock(doc: Pdf, block: Block): void {
  doc.font("regular").fontSize(10.5).fillColor(pdfColours.ink);
  if ("paragraph" in block) {
    room(doc, 30);
    doc.text(block.paragraph, a4.margin, doc.y, { width, paragraphGap: 6 });
  } else if ("pairs" in block) {
    const valueLeft = a4.margin + labelWidth + gutter;
    const valueWidth = width - labelWidth - gutter;
    for (const { label, value } of block.pairs) {
      const valueText = value.map((p) => p.text).join("");
      const height = Math.max(
        doc.font("bold").fontSize(10).heightOfString(label, { width: labelWidth }),
        doc.font("regular").fontSize(10).heightOfString(valueText, { width: valueWidth }),
      );
      room(doc, height);
      const top = doc.y;
      doc.font("bold").fillColor(pdfColours.brand).text(label, a4.margin, top, { width: labelWidth });
      doc.font("regular").fillColor(pdfColours.ink);
      writeParts(doc, value, { width: valueWidth }, { x: valueLeft, y: top });
      doc.y = top + height + 4;
    }
  } else {
    for (const item of block.bullets) {
      const height = doc.heightOfString(item, { width: width - 14 });
      room(doc, height);
      const top = doc.y;
      doc.circle(a4.margin + 4, top + 6.5, 2).fill(pdfColours.brand);
      doc.fillColor(pdfColours.ink).text(item, a4.margin + 14, top, { width: width - 14 });
      doc.y += 2;
    }
  }
  doc.x = a4.margin;
  doc.y += 6;
}

/** The profile as a PDF: `date` is what its metadata says it was made (tests pass their own). */
export async function makeProfilePdf(input: ProfileInput, { date = new Date() }: { date?: Date } = {}): Promise<Buffer> {
  const doc = createPdf({ title: `${input.name} – ${input.title}`, author: input.name, subject: input.tagline.text, date, lang: input.lang });
  const brandBar = () => doc.rect(0, 0, a4.width, 8).fill(pdfColours.brand).fillColor(pdfColours.ink);
  brandBar();
  doc.on("pageAdded", brandBar);

  doc.font("bold").fontSize(24).fillColor(pdfColours.brand).text(input.name, a4.margin, a4.margin, { width });
  doc.font("regular").fontSize(13).fillColor(pdfColours.muted);
  writeParts(doc, [{ text: input.tagline.text, ...(input.tagline.lang ? { lang: input.tagline.lang } : {}) }, { text: ` – ${input.title}` }], { width });
  doc.y += 14;
  inLanguage(doc, input.intro.lang, () => writeBlock(doc, input.intro));

  for (const section of input.sections) {
    // A heading keeps the start of its section with it.
    room(doc, 70);
    doc.y += 8;
    inLanguage(doc, section.heading.lang, () => doc.font("bold").fontSize(15).fillColor(pdfColours.brand).text(section.heading.text, a4.margin, doc.y, { width }));
    doc.rect(a4.margin, doc.y + 1, 40, 3).fill(pdfColours.accent);
    doc.y += 12;
    for (const block of section.blocks) inLanguage(doc, block.lang, () => writeBlock(doc, block));
  }

  numberPages(doc, (page, pages) => `${input.footer.before}  |  ${input.footer.page.replace("{page}", String(page)).replace("{pages}", String(pages))}`);
  return pdfBytes(doc);
}

/**
 * The profile's file in the build's PDF cache (server/platform/pdf-cache.ts, decision 0195): drawn
 * only when nothing was drawn from this input, this layout and this PDF maker before. The input is
 * all it shows (its words, its languages, its path; no file of the content), so it is the key.
 */
export function cachedProfilePdf(input: ProfileInput, { cacheDir = pdfCacheDir() }: { cacheDir?: string } = {}): Promise<CachedPdf> {
  return cachedPdf(cacheDir, [layoutVersion, JSON.stringify(input)], () => makeProfilePdf(input));
}

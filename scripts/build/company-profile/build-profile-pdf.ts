// The company profile PDF, drawn with pdf-lib from the same content as the website (content/, or
// CONTENT_DIR, read by app/content/reader), so the download never disagrees with the pages.
// Written into the build by the company-profile-pdf step (scripts/build/steps/company-profile-pdf.mjs).
// pdf-lib's CommonJS build, which Node loads as it is. Its ES build would be compiled module by
// module by React Router's config loader, which loads this file (scripts/build/run-steps.mjs) several
// times per build: ~0.9 s of CPU each time.
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib/cjs/index.js";
import { type ContentModules, loadSiteContent } from "../../../app/content/reader/site-content.server";
import { richTextParagraphs } from "../../../app/content/rich-text";

export type ProfileContent = Pick<ContentModules, "site" | "about" | "mission" | "services" | "quality" | "compliance">;

const A4 = { width: 595.28, height: 841.89 };
const margin = 56;
const brand = rgb(0.043, 0.227, 0.494); // #0b3a7e
const accent = rgb(0.961, 0.722, 0.18); // #f5b82e
const ink = rgb(0.149, 0.173, 0.212); // #262c36
const muted = rgb(0.247, 0.278, 0.329); // #3f4754

type Fonts = { regular: PDFFont; bold: PDFFont };

/** Flowing text layout: writes top to bottom and starts a new page when the current one is full. */
class Writer {
  private page!: PDFPage;
  private y = 0;
  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: Fonts,
  ) {
    this.newPage();
  }

  newPage() {
    this.page = this.doc.addPage([A4.width, A4.height]);
    this.page.drawRectangle({ x: 0, y: A4.height - 8, width: A4.width, height: 8, color: brand });
    this.y = A4.height - margin;
  }

  private ensure(height: number) {
    if (this.y - height < margin + 20) this.newPage();
  }

  private lines(text: string, font: PDFFont, size: number, width: number): string[] {
    const out: string[] = [];
    let line = "";
    for (const word of text.split(/\s+/)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) > width && line) {
        out.push(line);
        line = word;
      } else line = next;
    }
    if (line) out.push(line);
    return out;
  }

  text(text: string, { size = 10.5, bold = false, color = ink, indent = 0, gap = 6 } = {}) {
    const font = bold ? this.fonts.bold : this.fonts.regular;
    const leading = size * 1.4;
    for (const line of this.lines(text, font, size, A4.width - 2 * margin - indent)) {
      this.ensure(leading);
      this.y -= leading;
      this.page.drawText(line, { x: margin + indent, y: this.y, size, font, color });
    }
    this.y -= gap;
  }

  heading(text: string) {
    this.ensure(60);
    this.y -= 14;
    this.text(text, { size: 16, bold: true, color: brand, gap: 2 });
    this.page.drawRectangle({ x: margin, y: this.y - 2, width: 40, height: 3, color: accent });
    this.y -= 12;
  }

  bullets(items: readonly string[]) {
    for (const item of items) {
      this.ensure(16);
      this.page.drawCircle({ x: margin + 4, y: this.y - 10.5, size: 2, color: brand });
      this.text(item, { indent: 14, gap: 2 });
    }
    this.y -= 6;
  }

  pairs(items: readonly { label: string; value: string }[]) {
    for (const { label, value } of items) this.text(`${label}: ${value}`, { indent: 0, gap: 2 });
    this.y -= 6;
  }
}

export async function buildCompanyProfilePdf(content?: ProfileContent): Promise<Uint8Array> {
  const { site, about, mission, services, quality, compliance } = content ?? (await loadSiteContent()).modules;
  const doc = await PDFDocument.create();
  const fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
  doc.setTitle(`${site.name} - Company Profile`);
  doc.setAuthor(site.name);
  doc.setSubject(site.tagline);
  doc.setKeywords(["company profile", "sourcing", "manufacturing", "export", site.headOffice.city]);
  doc.setCreator(site.url);

  const w = new Writer(doc, fonts);
  w.text(site.name, { size: 26, bold: true, color: brand, gap: 0 });
  w.text(`${site.tagline} - Company Profile`, { size: 13, color: muted, gap: 14 });
  for (const p of richTextParagraphs(about.intro)) w.text(p);

  w.heading("Key facts");
  w.pairs(about.facts);

  for (const s of about.sections) {
    w.heading(s.heading);
    w.text(s.body);
    if (s.items) w.bullets(s.items);
  }

  w.heading(mission.mission.heading);
  w.text(mission.mission.statement);
  w.heading(mission.vision.heading);
  w.text(mission.vision.statement);
  w.bullets(mission.vision.targets);

  w.heading(services.offered.heading);
  w.text(services.intro);
  w.pairs(services.offered.items.map((i) => ({ label: i.title, value: i.description })));
  w.heading(services.payment.heading);
  w.pairs(services.payment.modes.map((m) => ({ label: m.code, value: m.name })));

  w.heading("Quality");
  w.text(quality.inspection.body);
  w.text(`${quality.inspection.companiesHeading}: ${quality.inspection.companies.join(", ")}.`);
  w.bullets(quality.precautions.items);

  w.heading("Compliance");
  w.text(compliance.intro);
  w.pairs(compliance.cycle.steps.map((s) => ({ label: s.name, value: s.summary })));
  w.bullets(compliance.goals.items);

  w.heading("Contact");
  w.pairs([
    { label: "Head office", value: site.headOffice.address },
    { label: "E-mail", value: site.email },
    { label: "Phone", value: site.phone },
    { label: "Website", value: site.url },
  ]);

  // Footer on every page, once the page count is known.
  const pages = doc.getPages();
  pages.forEach((page, i) => {
    const footer = `${site.name}  |  ${site.url}  |  Page ${i + 1} of ${pages.length}`;
    page.drawText(footer, { x: margin, y: margin - 24, size: 8.5, font: fonts.regular, color: muted });
  });

  return doc.save();
}

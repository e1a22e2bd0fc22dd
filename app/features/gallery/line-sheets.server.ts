// Line sheets (decision 0075): a PDF per gallery family and one of the whole catalogue, made at build time
// from the content — the company's letterhead, one block per product (photo, specifications,
// certificates, its page's address), the company's terms and the date of issue. Each is cached by a
// hash of everything it shows (the photos' bytes included), like the photo variants: a build makes
// only the sheets whose content changed, and an unchanged sheet keeps its date of issue. The pages
// link them with their size (their loaders ask here); the line-sheets build step publishes them.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import sharp from "sharp";
import { isoDay } from "../../lib/contracts/open-jobs";
import { photoCacheDir } from "../../lib/contracts/environment.server";
import { a4, createPdf, drawLetterhead, type Letterhead, numberPages, pdfBytes, pdfColours, type Pdf } from "../../../server/platform/pdf-document";
import { absoluteUrl } from "../../lib/absolute-url";
import { type SiteContent, contentDir, loadSiteContent } from "../../content/reader/site-content.server";
import { productDetails } from "./gallery-data.server";

/** Part of every sheet's cache key: change the layout, bump it, and every sheet is made anew. */
const layoutVersion = "line-sheet-1";
/** Photos for print: at most this many pixels wide and high (about 280 dpi at the size printed), JPEG. */
const printPhoto = { width: 620, height: 760, quality: 78 } as const;

export type LineSheetProduct = {
  name: string;
  url: string;
  /** The photo's file in the content folder. */
  photo?: string;
  description: string;
  facts: { label: string; value: string }[];
  certificates: { name: string; number: string }[];
};
export type LineSheetFamily = { slug: string; label: string; products: LineSheetProduct[] };

/** Everything a sheet shows, but its date of issue. */
export type LineSheetInput = {
  title: string;
  letterhead: Omit<Letterhead, "logo"> & { logoFile?: string };
  families: LineSheetFamily[];
  words: { contact: string; termsHeading: string; pricesNote: string; productLink: string; certificates: string; issued: string };
  terms: { label: string; text: string }[];
};

export type LineSheetFile = {
  /** Its path in the site, e.g. line-sheets/men-line-sheet.pdf. */
  path: string;
  /** Where the build finds it (the cache). */
  cacheFile: string;
  bytes: number;
};
export type LineSheets = { families: Record<string, LineSheetFile>; catalogue: LineSheetFile | null };

export const lineSheetPath = (family?: string) => (family ? `line-sheets/${family}-line-sheet.pdf` : "line-sheets/catalogue.pdf");

/** 1.1 MB, 245 kB: what the link says of a file's size. */
export function formatFileSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`;
}

const dayFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** The sheets' input from the content: one per family, and the whole catalogue. */
export function lineSheetInputs(
  content: SiteContent,
  { root, publicDir, siteOrigin }: { root: string; publicDir: string; siteOrigin: string },
): { family?: string; input: LineSheetInput }[] {
  const { site } = content.modules;
  // The sheets are English: the default language's words of the quote form's terms box (decision 0166).
  const quote = content.modules.quotes[content.locales[0]!.code]!;
  const words = content.catalogue;
  const logoFile = join(publicDir, "icons/icon-512.png");
  const letterhead = {
    name: site.name,
    tagline: site.tagline,
    address: site.headOffice.address,
    email: site.email,
    phone: site.phone,
    website: site.url.replace(/^https:\/\//, ""),
    ...(existsSync(logoFile) ? { logoFile } : {}),
  };
  const families: LineSheetFamily[] = content.gallery.map((family) => ({
    slug: family.slug,
    label: family.label,
    products: family.items.map((item) => {
      const details = productDetails(item, { words, certificates: content.certificates.valid });
      const photo = item.photos[0]?.image;
      return {
        name: `${family.label} ${item.label}`,
        url: absoluteUrl(`/gallery/${family.slug}/${item.slug}`, siteOrigin),
        ...(photo ? { photo: join(root, photo) } : {}),
        description: details.description,
        facts: details.facts.map(({ label, value }) => ({ label, value })),
        certificates: details.certificates.map(({ name, number }) => ({ name, number })),
      };
    }),
  }));
  const shared = {
    letterhead,
    words: {
      contact: words.lineSheets.contact,
      termsHeading: quote.termsHeading,
      pricesNote: words.lineSheets.pricesNote,
      productLink: words.lineSheets.productLink,
      certificates: words.specs.certificates,
      issued: words.lineSheets.issued,
    },
    terms: quote.terms.map(({ label, text }) => ({ label, text })),
  };
  return [
    ...families.map((family) => ({
      family: family.slug,
      input: { ...shared, title: words.lineSheets.title.replace("{family}", family.label), families: [family] },
    })),
    { input: { ...shared, title: words.lineSheets.catalogueTitle, families } },
  ];
}

export class LineSheetMaker {
  made = 0;
  cacheHits = 0;
  private readonly printPhotos = new Map<string, Promise<Buffer>>();

  constructor(
    readonly cacheDir: string,
    private readonly today: () => Date = () => new Date(),
  ) {}

  /** The sheet for `input`: from the cache when its content is unchanged, else made now. */
  async sheet(input: LineSheetInput): Promise<{ cacheFile: string; bytes: number }> {
    // Everything shown, but where the files lie (another copy of the content makes the same sheet).
    const shown = JSON.stringify(input, (key, value: unknown) => (key === "photo" || key === "logoFile" ? undefined : value));
    const hash = createHash("sha256").update(layoutVersion).update(shown);
    for (const product of input.families.flatMap((f) => f.products)) if (product.photo) hash.update(await readFile(product.photo));
    if (input.letterhead.logoFile) hash.update(await readFile(input.letterhead.logoFile));
    const cacheFile = join(this.cacheDir, `${hash.digest("hex").slice(0, 24)}.pdf`);
    const cached = await stat(cacheFile).catch(() => undefined);
    if (cached) {
      this.cacheHits++;
      return { cacheFile, bytes: cached.size };
    }
    const pdf = await this.make(input);
    await mkdir(this.cacheDir, { recursive: true });
    // Written whole or not at all: an interrupted build leaves no half file under the final name.
    const temp = `${cacheFile}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
    await writeFile(temp, pdf);
    await rename(temp, cacheFile);
    this.made++;
    return { cacheFile, bytes: pdf.length };
  }

  /** A product photo for print: upright, within printPhoto's size, JPEG (cached by the source's bytes). */
  private printPhoto(file: string): Promise<Buffer> {
    let job = this.printPhotos.get(file);
    if (!job) {
      job = (async () => {
        const source = await readFile(file);
        const cacheFile = join(
          this.cacheDir,
          "print",
          `${createHash("sha256").update(JSON.stringify(printPhoto)).update(source).digest("hex").slice(0, 24)}.jpg`,
        );
        const cached = await readFile(cacheFile).catch(() => undefined);
        if (cached) return cached;
        const jpeg = await sharp(source)
          .rotate()
          .resize({ width: printPhoto.width, height: printPhoto.height, fit: "inside", withoutEnlargement: true })
          .flatten({ background: "#ffffff" })
          .jpeg({ quality: printPhoto.quality, mozjpeg: true })
          .toBuffer();
        await mkdir(dirname(cacheFile), { recursive: true });
        await writeFile(cacheFile, jpeg);
        return jpeg;
      })();
      this.printPhotos.set(file, job);
    }
    return job;
  }

  /** The PDF itself. */
  async make(input: LineSheetInput): Promise<Buffer> {
    const issuedOn = this.today();
    const doc = createPdf({ title: input.title, author: input.letterhead.name, date: issuedOn });
    const logo = input.letterhead.logoFile
      ? await sharp(await readFile(input.letterhead.logoFile))
          .resize(160, 160, { fit: "inside" })
          .png()
          .toBuffer()
      : undefined;
    let y = drawLetterhead(doc, { ...input.letterhead, ...(logo ? { logo } : {}) }, { contactHeading: input.words.contact });
    const width = a4.width - 2 * a4.margin;
    doc.font("bold").fontSize(20).fillColor(pdfColours.brand).text(input.title, a4.margin, y, { width });
    doc
      .font("regular")
      .fontSize(9.5)
      .fillColor(pdfColours.muted)
      .text(input.words.issued.replace("{date}", dayFormat.format(issuedOn)), { width });
    y = doc.y + 14;

    const photoWidth = 150;
    const photoHeight = 184;
    const textLeft = a4.margin + photoWidth + 16;
    const textWidth = width - photoWidth - 16;
    const bottom = a4.height - a4.margin - 16;
    for (const family of input.families) {
      if (input.families.length > 1) {
        if (y + 40 + photoHeight > bottom) y = newPage(doc);
        doc.font("bold").fontSize(15).fillColor(pdfColours.brand).text(family.label, a4.margin, y, { width });
        y = doc.y + 8;
      }
      for (const product of family.products) {
        const blockHeight = Math.max(photoHeight, this.textHeight(doc, product, input, textWidth));
        if (y + blockHeight > bottom) y = newPage(doc);
        if (product.photo) {
          const photo = await this.printPhoto(product.photo);
          doc.image(photo, a4.margin, y, { fit: [photoWidth, photoHeight], align: "center" });
        }
        this.writeProduct(doc, product, input, textLeft, y, textWidth);
        y = Math.max(y + photoHeight, doc.y) + 12;
        doc.rect(a4.margin, y, width, 0.6).fill(pdfColours.rule);
        y += 14;
      }
    }

    // The company's terms (the quote form's, so both always agree), and prices on request.
    const terms = [input.words.termsHeading, ...input.terms.map((t) => `${t.label}: ${t.text}`), input.words.pricesNote].join("\n");
    if (y + doc.font("regular").fontSize(9.5).heightOfString(terms, { width }) + 30 > bottom) y = newPage(doc);
    doc.font("bold").fontSize(13).fillColor(pdfColours.brand).text(input.words.termsHeading, a4.margin, y, { width });
    doc.moveDown(0.3);
    for (const term of input.terms) {
      doc.font("bold").fontSize(9.5).fillColor(pdfColours.ink).text(`${term.label}: `, { continued: true, width });
      doc.font("regular").text(term.text, { width });
    }
    doc.moveDown(0.5).font("regular").fontSize(9).fillColor(pdfColours.muted).text(input.words.pricesNote, { width });

    numberPages(doc, (page, pages) => `${input.letterhead.name} · ${input.title} · ${page} / ${pages}`);
    return pdfBytes(doc);
  }

  private productText(product: LineSheetProduct, input: LineSheetInput) {
    const certificates = product.certificates.map((c) => `${c.name} (${c.number})`).join("; ");
    return { certificates: certificates ? `${input.words.certificates}: ${certificates}` : "", link: `${input.words.productLink}: ${product.url}` };
  }

  private textHeight(doc: Pdf, product: LineSheetProduct, input: LineSheetInput, width: number): number {
    const { certificates, link } = this.productText(product, input);
    const facts = product.facts.map((f) => `${f.label}: ${f.value}`).join("\n");
    return (
      doc.font("bold").fontSize(13).heightOfString(product.name, { width }) +
      (product.description ? doc.font("regular").fontSize(9.5).heightOfString(product.description, { width }) + 6 : 0) +
      doc.font("regular").fontSize(9).heightOfString(facts, { width }) +
      (certificates ? doc.fontSize(9).heightOfString(certificates, { width }) + 4 : 0) +
      doc.fontSize(8).heightOfString(link, { width }) +
      16
    );
  }

  private writeProduct(doc: Pdf, product: LineSheetProduct, input: LineSheetInput, left: number, top: number, width: number) {
    const { certificates, link } = this.productText(product, input);
    doc.font("bold").fontSize(13).fillColor(pdfColours.brand).text(product.name, left, top, { width });
    if (product.description) doc.moveDown(0.2).font("regular").fontSize(9.5).fillColor(pdfColours.ink).text(product.description, { width });
    doc.moveDown(0.3);
    for (const fact of product.facts) {
      doc.font("bold").fontSize(9).fillColor(pdfColours.ink).text(`${fact.label}: `, { continued: true, width });
      doc.font("regular").text(fact.value, { width });
    }
    if (certificates) doc.moveDown(0.2).font("regular").fontSize(9).fillColor(pdfColours.ink).text(certificates, { width });
    doc.moveDown(0.2).font("regular").fontSize(8).fillColor(pdfColours.brand).text(link, { width, link: product.url, underline: false });
  }
}

function newPage(doc: Pdf): number {
  doc.addPage();
  return a4.margin;
}

/** The line sheets' cache: beside the photo variants' (PHOTO_CACHE_DIR's folder). */
export const lineSheetCacheDir = () => join(dirname(photoCacheDir()), "line-sheets");

/**
 * Every family's line sheet and the whole catalogue of CONTENT_DIR, made or taken from the cache,
 * once per build: the pages' loaders and the line-sheets build step share the one result (on
 * globalThis: React Router's loaders and the build steps are separate module instances).
 */
export function loadLineSheets({
  siteOrigin,
  root = contentDir(),
  publicDir = resolve("public"),
  cacheDir = lineSheetCacheDir(),
}: {
  /** The site's public origin (SITE_URL, else Company facts' website): each product's address is printed. */
  siteOrigin: string;
  root?: string;
  publicDir?: string;
  cacheDir?: string;
}): Promise<LineSheets> {
  const key = `${resolve(root)}\0${isoDay()}\0${cacheDir}\0${siteOrigin}`;
  const cache = ((globalThis as Record<symbol, unknown>)[Symbol.for("ssl.lineSheets")] ??= new Map()) as Map<string, Promise<LineSheets>>;
  let sheets = cache.get(key);
  if (!sheets) {
    sheets = makeLineSheets(root, { publicDir, cacheDir, siteOrigin });
    sheets.catch(() => cache.delete(key));
    cache.set(key, sheets);
  }
  return sheets;
}

async function makeLineSheets(
  root: string,
  { publicDir, cacheDir, siteOrigin }: { publicDir: string; cacheDir: string; siteOrigin: string },
): Promise<LineSheets> {
  const content = await loadSiteContent(root);
  const maker = new LineSheetMaker(cacheDir);
  const result: LineSheets = { families: {}, catalogue: null };
  // One at a time: each sheet's photos are encoded once (the maker keeps them) and two cores stay shared.
  for (const { family, input } of lineSheetInputs(content, { root, publicDir, siteOrigin })) {
    if (!input.families.some((f) => f.products.length)) continue;
    const { cacheFile, bytes } = await maker.sheet(input);
    const file = { path: lineSheetPath(family), cacheFile, bytes };
    if (family) result.families[family] = file;
    else result.catalogue = file;
  }
  return result;
}

/** The link words of a sheet: "Download the Men line sheet (PDF, 1.1 MB)". */
export function lineSheetLink(file: LineSheetFile, template: string, values: Record<string, string> = {}) {
  return {
    href: `/${file.path}`,
    label: Object.entries({ ...values, size: formatFileSize(file.bytes) }).reduce((text, [k, v]) => text.replace(`{${k}}`, v), template),
  };
}

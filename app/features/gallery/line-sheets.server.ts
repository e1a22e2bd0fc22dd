// Line sheets (decision 0075): a PDF per gallery family and one of the whole catalogue, made at build time
// from the content — the company's letterhead, one block per product (photo, specifications,
// certificates, its page's address), the company's terms and the date of issue. Each is cached by a
// hash of everything it shows (the photos' bytes included), like the photo variants: a build makes
// only the sheets whose content changed, and an unchanged sheet keeps its date of issue. The pages
// link them with their size (their loaders ask here); the line-sheets build step publishes them.
// In every language whose catalogue words are translated (decision 0175): the English at
// /line-sheets/…, another language's under its prefix (/de/line-sheets/…), with the products'
// translations where they are whole (an untranslated product's block English, marked so).
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import sharp from "sharp";
import { isoDay } from "../../lib/contracts/open-jobs";
import { type Locale, localizedPath } from "../../lib/contracts/locale-paths";
import { formatLocale } from "../../lib/contracts/locale-format";
import {
  a4,
  createPdf,
  drawLetterhead,
  inLanguage,
  type Letterhead,
  numberPages,
  pdfBytes,
  pdfColours,
  type Pdf,
  writeParts,
} from "../../../server/platform/pdf-document";
import { cachedPdf, pdfCacheDir } from "../../../server/platform/pdf-cache";
import { absoluteUrl } from "../../lib/absolute-url";
import { type TextPart, fillParts, partsText } from "../../lib/text-parts";
import type { CatalogueWords } from "../../content/reader/products.server";
import { type SiteContent, contentDir, headOfficeAddress, loadSiteContent, siteTagline } from "../../content/reader/site-content.server";
import type { GalleryData } from "./gallery-data";
import { productDetails } from "./gallery-data.server";
import type { LineSheetLink } from "./gallery-family-view";

/** Part of every sheet's cache key: change the layout, bump it, and every sheet is made anew. */
const layoutVersion = "line-sheet-4";
/** Photos for print: at most this many pixels wide and high (about 280 dpi at the size printed), JPEG. */
const printPhoto = { width: 620, height: 760, quality: 78 } as const;

export type LineSheetProduct = {
  /** The family's and the product's names, a part's `lang` where it is not the block's: a translated
   * product in an untranslated family "Women" English in a German block (decision 0183). */
  name: TextPart[];
  url: string;
  /** The photo's file in the content folder. */
  photo?: string;
  description: string;
  facts: { label: string; value: string }[];
  /** `lang`: the record's name's where it is not the block's (an untranslated record's, decision 0183). */
  certificates: { name: string; number: string; lang?: string }[];
  /** "Applicable certificates": the words before them, in the block's language. */
  certificatesLabel: string;
  /** The block's language where it is not the sheet's: an untranslated product's, the default language's (decision 0175). */
  lang?: string;
};
export type LineSheetFamily = {
  slug: string;
  label: string;
  /** The name's language where it is not the sheet's (an untranslated family's). */
  lang?: string;
  products: LineSheetProduct[];
};

/** Everything a sheet shows, but its date of issue. */
export type LineSheetInput = {
  /** The sheet's language (a code of content/locales.yaml): the PDF's /Lang and its date's format (decision 0175). */
  lang: string;
  /** "Herren: Produktübersicht", "Whole catalogue": the family's name a part in its own language where it
   * is not the sheet's ("Women" English in "Women: Produktübersicht", decision 0190), in the title
   * drawn and the pages' footer (decision 0194); the document's metadata title is its words as one string. */
  title: TextPart[];
  letterhead: Omit<Letterhead, "logo"> & { logoFile?: string };
  families: LineSheetFamily[];
  words: { contact: string; termsHeading: string; pricesNote: string; productLink: string; issued: string };
  terms: { label: string; text: string }[];
};

export type LineSheetFile = {
  /** Its path in the site, e.g. line-sheets/men-line-sheet.pdf, de/line-sheets/men-line-sheet.pdf. */
  path: string;
  /** Where the build finds it (the cache). */
  cacheFile: string;
  bytes: number;
};
/** One language's sheets: each family's, by slug, and the whole catalogue's. */
export type LineSheetSet = { families: Record<string, LineSheetFile>; catalogue: LineSheetFile | null };
/** Each language's sheets, by code; a language whose catalogue words are not translated has none (decision 0175). */
export type LineSheets = { defaultCode: string; languages: Record<string, LineSheetSet> };

/**
 * A sheet's path in the site: line-sheets/men-line-sheet.pdf, line-sheets/catalogue.pdf in the default
 * language, under another language's prefix as its pages are (de/line-sheets/men-line-sheet.pdf).
 */
export const lineSheetPath = (family: string | undefined, code: string, locales: readonly Pick<Locale, "code">[]) =>
  localizedPath(family ? `/line-sheets/${family}-line-sheet.pdf` : "/line-sheets/catalogue.pdf", code, locales).slice(1);

/** 1.1 MB, 245 kB (1,1 Mo in French): what the link says of a file's size, in the link's language. */
export function formatFileSize(bytes: number, code?: string): string {
  const unit = (name: "megabyte" | "kilobyte", digits: number) =>
    new Intl.NumberFormat(formatLocale(code), {
      style: "unit",
      unit: name,
      unitDisplay: "short",
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
  return bytes >= 1024 * 1024 ? unit("megabyte", 1).format(bytes / (1024 * 1024)) : unit("kilobyte", 0).format(Math.max(1, Math.round(bytes / 1024)));
}

/** The date of issue in the sheet's language: 28 November 2026, 28. November 2026. */
const issuedDay = (date: Date, code: string) =>
  new Intl.DateTimeFormat(formatLocale(code), { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(date);

/**
 * The sheets' input from the content: in each language whose catalogue words are translated (the
 * default's always), one per family and the whole catalogue (decision 0175). A product whose
 * translation is whole is shown in the sheet's language, another one wholly in the default
 * language's words, marked so; the family's name, the fixed words, the terms (the quote form's, in
 * every language: decision 0166), the tagline and each product's address are the language's.
 */
export function lineSheetInputs(
  content: SiteContent,
  { root, publicDir, siteOrigin }: { root: string; publicDir: string; siteOrigin: string },
): { family?: string; code: string; input: LineSheetInput }[] {
  const { site } = content.modules;
  const defaultCode = content.locales[0]!.code;
  const english = content.galleries[defaultCode]!;
  const logoFile = join(publicDir, "icons/icon-512.png");
  const englishItems = new Map(english.families.flatMap((family) => family.items.map((item) => [`${family.slug}/${item.slug}`, { family, item }] as const)));
  // An untranslated product's block: the default language's product, family name and words.
  const englishContext = { words: english.words, certificates: english.certificates };
  return content.locales.flatMap(({ code }) => {
    const shown = content.galleries[code]!;
    // A language's sheets once its catalogue words are translated (their line sheet words with them,
    // the studio asks for every one); until then its pages link the default language's.
    if (code !== defaultCode && shown.wordsLang !== code) return [];
    // The quote form's terms box in this language (decision 0166), so the sheet and the form never disagree.
    const quote = content.modules.quotes[code]!;
    const words = shown.words;
    const tagline = siteTagline(content, code);
    const letterhead = {
      name: site.name,
      tagline: tagline.text,
      ...(tagline.lang ? { taglineLang: tagline.lang } : {}),
      // The street marked English on another language's sheet, the country in the sheet's language, as the company profile's (decision 0194).
      address: headOfficeAddress(content, code),
      email: site.email,
      phone: site.phone,
      website: site.url.replace(/^https:\/\//, ""),
      ...(existsSync(logoFile) ? { logoFile } : {}),
    };
    // `lang` is set only where it is not the sheet's, or the block's (EntryLang: null on the default language's, the code where translated).
    const otherLang = (lang: string | null | undefined, around = code) => (lang && lang !== around ? { lang } : {});
    const families: LineSheetFamily[] = shown.families.map((family) => ({
      slug: family.slug,
      label: family.label,
      ...otherLang(family.lang),
      products: family.items.map((item) => {
        const own = !item.lang || item.lang === code;
        const source = own ? { family, item } : englishItems.get(`${family.slug}/${item.slug}`)!;
        const details = own
          ? productDetails(item, { words, certificates: shown.certificates, wordsLang: shown.wordsLang, code })
          : productDetails(source.item, englishContext);
        const photo = item.photos[0]?.image;
        // The block's language: the sheet's, or the default language's for an untranslated product;
        // a name in it in another language (the family's, a certificate record's) marked (decision 0183).
        const block = own ? code : defaultCode;
        return {
          name: [{ text: source.family.label, ...otherLang(source.family.lang, block) }, { text: ` ${source.item.label}` }],
          url: absoluteUrl(localizedPath(`/gallery/${family.slug}/${item.slug}`, code, content.locales), siteOrigin),
          ...(photo ? { photo: join(root, photo) } : {}),
          description: details.description,
          facts: details.facts.map(({ label, value }) => ({ label, value })),
          certificates: details.certificates.map(({ name, number, lang }) => ({ name, number, ...otherLang(lang, block) })),
          certificatesLabel: (own ? words : english.words).specs.certificates,
          ...(own ? {} : { lang: defaultCode }),
        };
      }),
    }));
    const shared = {
      lang: code,
      letterhead,
      words: {
        contact: words.lineSheets.contact,
        termsHeading: quote.termsHeading,
        pricesNote: words.lineSheets.pricesNote,
        productLink: words.lineSheets.productLink,
        issued: words.lineSheets.issued,
      },
      terms: quote.terms.map(({ label, text }) => ({ label, text })),
    };
    return [
      ...families.map((family) => ({
        family: family.slug,
        code,
        input: { ...shared, title: fillParts(words.lineSheets.title, { family: [{ text: family.label, lang: family.lang }] }, code), families: [family] },
      })),
      { code, input: { ...shared, title: [{ text: words.lineSheets.catalogueTitle }], families } },
    ];
  });
}

export class LineSheetMaker {
  made = 0;
  cacheHits = 0;
  private readonly printPhotos = new Map<string, Promise<Buffer>>();

  constructor(
    readonly cacheDir: string,
    private readonly today: () => Date = () => new Date(),
  ) {}

  /** The sheet for `input`: from the cache when its content is unchanged, else made now (server/platform/pdf-cache.ts, decision 0195). */
  async sheet(input: LineSheetInput): Promise<{ cacheFile: string; bytes: number }> {
    // Everything shown, but where the files lie (another copy of the content makes the same sheet), and the files' bytes.
    const shown = JSON.stringify(input, (key, value: unknown) => (key === "photo" || key === "logoFile" ? undefined : value));
    const files = [
      ...input.families.flatMap((f) => f.products.flatMap((p) => (p.photo ? [p.photo] : []))),
      ...(input.letterhead.logoFile ? [input.letterhead.logoFile] : []),
    ];
    const { fromCache, ...sheet } = await cachedPdf(this.cacheDir, [layoutVersion, shown, ...files.map((file) => ({ file }))], () => this.make(input));
    if (fromCache) this.cacheHits++;
    else this.made++;
    return sheet;
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
    // The metadata's title is a string of the document's language (the Info dictionary has no spans).
    const title = partsText(input.title);
    const doc = createPdf({ title, author: input.letterhead.name, date: issuedOn, lang: input.lang });
    const logo = input.letterhead.logoFile
      ? await sharp(await readFile(input.letterhead.logoFile))
          .resize(160, 160, { fit: "inside" })
          .png()
          .toBuffer()
      : undefined;
    let y = drawLetterhead(doc, { ...input.letterhead, ...(logo ? { logo } : {}) }, { contactHeading: input.words.contact });
    const width = a4.width - 2 * a4.margin;
    doc.font("bold").fontSize(20).fillColor(pdfColours.brand);
    writeParts(doc, input.title, { width }, { x: a4.margin, y });
    doc
      .font("regular")
      .fontSize(9.5)
      .fillColor(pdfColours.muted)
      .text(input.words.issued.replace("{date}", issuedDay(issuedOn, input.lang)), { width });
    y = doc.y + 14;

    const photoWidth = 150;
    const photoHeight = 184;
    const textLeft = a4.margin + photoWidth + 16;
    const textWidth = width - photoWidth - 16;
    const bottom = a4.height - a4.margin - 16;
    for (const family of input.families) {
      if (input.families.length > 1) {
        if (y + 40 + photoHeight > bottom) y = newPage(doc);
        inLanguage(doc, family.lang, () => doc.font("bold").fontSize(15).fillColor(pdfColours.brand).text(family.label, a4.margin, y, { width }));
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

    // The title's parts in the footer too: an untranslated family's name in its span (decision 0194).
    numberPages(doc, (page, pages) => [{ text: `${input.letterhead.name} · ` }, ...input.title, { text: ` · ${page} / ${pages}` }]);
    return pdfBytes(doc);
  }

  /** The certificates' line as parts: "Zertifikate: " then each record's name in its language, its number after it. */
  private productText(product: LineSheetProduct, input: LineSheetInput) {
    const certificates: TextPart[] = product.certificates.length
      ? [
          { text: `${product.certificatesLabel}: ` },
          ...product.certificates.flatMap((c, i) => [
            { text: c.name, ...(c.lang ? { lang: c.lang } : {}) },
            { text: ` (${c.number})${i < product.certificates.length - 1 ? "; " : ""}` },
          ]),
        ]
      : [];
    return { certificates, link: `${input.words.productLink}: ${product.url}` };
  }

  private textHeight(doc: Pdf, product: LineSheetProduct, input: LineSheetInput, width: number): number {
    const { certificates, link } = this.productText(product, input);
    const facts = product.facts.map((f) => `${f.label}: ${f.value}`).join("\n");
    return (
      doc.font("bold").fontSize(13).heightOfString(partsText(product.name), { width }) +
      (product.description ? doc.font("regular").fontSize(9.5).heightOfString(product.description, { width }) + 6 : 0) +
      doc.font("regular").fontSize(9).heightOfString(facts, { width }) +
      (certificates.length ? doc.fontSize(9).heightOfString(partsText(certificates), { width }) + 4 : 0) +
      doc.fontSize(8).heightOfString(link, { width }) +
      16
    );
  }

  private writeProduct(doc: Pdf, product: LineSheetProduct, input: LineSheetInput, left: number, top: number, width: number) {
    const { certificates, link } = this.productText(product, input);
    // The product's own words in its language (an untranslated product's: the default language's);
    // the link's words are the sheet's.
    inLanguage(doc, product.lang, () => {
      doc.font("bold").fontSize(13).fillColor(pdfColours.brand);
      writeParts(doc, product.name, { width }, { x: left, y: top });
      if (product.description) doc.moveDown(0.2).font("regular").fontSize(9.5).fillColor(pdfColours.ink).text(product.description, { width });
      doc.moveDown(0.3);
      for (const fact of product.facts) {
        doc.font("bold").fontSize(9).fillColor(pdfColours.ink).text(`${fact.label}: `, { continued: true, width });
        doc.font("regular").text(fact.value, { width });
      }
      if (certificates.length) {
        doc.moveDown(0.2).font("regular").fontSize(9).fillColor(pdfColours.ink);
        writeParts(doc, certificates, { width });
      }
    });
    doc.moveDown(0.2).font("regular").fontSize(8).fillColor(pdfColours.brand).text(link, { width, link: product.url, underline: false });
  }
}

function newPage(doc: Pdf): number {
  doc.addPage();
  return a4.margin;
}

/**
 * Every family's line sheet and the whole catalogue of CONTENT_DIR in each language (decision 0175),
 * made or taken from the cache, once per build: the pages' loaders and the line-sheets build step share the one result (on
 * globalThis: React Router's loaders and the build steps are separate module instances).
 */
export function loadLineSheets({
  siteOrigin,
  root = contentDir(),
  publicDir = resolve("public"),
  cacheDir = pdfCacheDir(),
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
  const result: LineSheets = { defaultCode: content.locales[0]!.code, languages: {} };
  // One at a time: each sheet's photos are encoded once (the maker keeps them, for every language) and two cores stay shared.
  for (const { family, code, input } of lineSheetInputs(content, { root, publicDir, siteOrigin })) {
    const set = (result.languages[code] ??= { families: {}, catalogue: null });
    if (!input.families.some((f) => f.products.length)) continue;
    const { cacheFile, bytes } = await maker.sheet(input);
    const file = { path: lineSheetPath(family, code, content.locales), cacheFile, bytes };
    if (family) set.families[family] = file;
    else set.catalogue = file;
  }
  return result;
}

/**
 * The sheets a page in `code` links (decision 0175): its language's; where that language's catalogue
 * words are not translated, the default language's, `lang` then their language (the links' words and
 * the families' names in them are the default language's, marked so).
 */
export function lineSheetsFor(sheets: LineSheets, code: string | undefined): { set: LineSheetSet; lang?: string } {
  const own = code ? sheets.languages[code] : undefined;
  return own ? { set: own } : { set: sheets.languages[sheets.defaultCode]!, ...(code && code !== sheets.defaultCode ? { lang: sheets.defaultCode } : {}) };
}

/**
 * A sheet's link: "Download the Men line sheet (PDF, 1.1 MB)", its size in the words' language `code`;
 * `lang` where not the page's. A name in `values` given as parts keeps its `lang` where it is not the
 * link's words' ("Produktübersicht Women herunterladen": Women English, decision 0183).
 */
export function lineSheetLink(
  file: LineSheetFile,
  template: string,
  { values = {}, code, lang }: { values?: Record<string, string | readonly TextPart[]>; code?: string; lang?: string } = {},
): LineSheetLink {
  return {
    href: `/${file.path}`,
    label: fillParts(template, { ...values, size: formatFileSize(file.bytes, code) }, code),
    ...(lang ? { lang } : {}),
  };
}

/** A family as a page shows it: its address segment, its name and the name's `lang` where not the page's. */
type ShownFamily = { slug: string; label: string; lang?: string };

/**
 * The line sheets' links of a page in `code` (decisions 0075, 0175), for the family and catalogue
 * pages alike: `family(f)` a family's ("Produktübersicht Herren herunterladen (PDF, 61 kB)"), its name
 * a part in its own language where it is not the link's words' (decision 0183), `catalogue` the whole
 * catalogue's. Where the page's language has no sheets, the default language's, their words and the
 * families' names in them the default language's (`english`), the link marked with their `lang`.
 */
export function lineSheetLinks(
  sheets: LineSheets,
  code: string | undefined,
  { words, english }: { words: CatalogueWords; english: { data: GalleryData; words: CatalogueWords } },
): { family: (family: ShownFamily) => LineSheetLink | undefined; catalogue?: LineSheetLink } {
  const { set, lang } = lineSheetsFor(sheets, code);
  const { familyLink, catalogueLink } = (lang ? english.words : words).lineSheets;
  const options = { code: lang ?? code, lang };
  // On the default language's sheets, the family's name in them (its English entry's, as galleryIndex
  // names it: its slug without a label); a family the English data lacks keeps the shown name.
  const nameOf = (family: ShownFamily): TextPart => {
    const own = lang && english.data.find((f) => f.category === family.slug);
    return own ? { text: own.label ?? own.category } : { text: family.label, lang: family.lang };
  };
  return {
    family: (family) => {
      const file = set.families[family.slug];
      return file && lineSheetLink(file, familyLink, { ...options, values: { family: [nameOf(family)] } });
    },
    ...(set.catalogue ? { catalogue: lineSheetLink(set.catalogue, catalogueLink, options) } : {}),
  };
}

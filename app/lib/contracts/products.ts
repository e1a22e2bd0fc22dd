// What a product's specification and a certificate record may say (decisions 0076, 0077), shared by the studio's
// fields, the content reader, the pages, the line sheets, the /quote form and the server: the
// choices are codes here; the words a visitor reads for each are in content/gallery/catalogue.yaml.
import { business } from "./constants";

/** The company's product families: how a product is made. */
export const constructions = ["woven", "jersey", "flat-knit", "circular-knit", "outerwear", "non-textile"] as const;
export type Construction = (typeof constructions)[number];

/** The cotton the company sources. */
export const cottonTypes = ["cima", "bci", "organic"] as const;
export type CottonType = (typeof cottonTypes)[number];

/** What a buyer may have made their own. */
export const customisations = ["print", "embroidery", "wash", "private-label", "packaging"] as const;
export type Customisation = (typeof customisations)[number];

/** A range of days, e.g. a lead time of 45–75 days. */
export type DayRange = readonly [number, number];

/**
 * A product's own terms, or the company's (500 pieces per colour; 30–90 days with local
 * material, 90–120 with imported) where the product has none. `leadTimeDays` null: the company's two ranges.
 */
export type ProductTerms = { moqPiecesPerColour: number; leadTimeDays: DayRange | null };
export const companyTerms: ProductTerms = { moqPiecesPerColour: business.moqPiecesPerColor, leadTimeDays: null };

/** The shortest lead time of a product: its own, or the company's shortest (local material). */
export const shortestLeadTimeDays = (terms: ProductTerms) => terms.leadTimeDays?.[0] ?? business.leadTimeDays.local[0];

/**
 * The standards a certificate record may be of. `check` is the standard's own public check: `url`
 * with `{number}` opens the certificate itself; without it, the standard's search, where the buyer
 * enters the number the page shows beside the link. A standard with no public check (the audit
 * platforms amfori and Sedex are for members) gets a "Verify" link only when the record gives one.
 */
export const certificateStandards = {
  gots: { name: "GOTS", check: "https://global-standard.org/find-suppliers-shops-and-inputs/certified-suppliers" },
  "oeko-tex-100": { name: "OEKO-TEX STANDARD 100", check: "https://www.oeko-tex.com/en/detail?number={number}" },
  wrap: { name: "WRAP", check: null },
  "amfori-bsci": { name: "amfori BSCI", check: null },
  sedex: { name: "SEDEX / SMETA", check: null },
  grs: { name: "GRS", check: "https://textileexchange.org/find-certified-company/" },
  fsc: { name: "FSC", check: "https://search.fsc.org/" },
  "iso-9001": { name: "ISO 9001", check: "https://www.iafcertsearch.org/" },
  "accord-rsc": { name: "ACCORD / RSC", check: null },
  other: { name: "Other", check: null },
} as const satisfies Record<string, { name: string; check: string | null }>;
export type CertificateStandard = keyof typeof certificateStandards;
export const certificateStandardIds = Object.keys(certificateStandards) as CertificateStandard[];

/**
 * Where a buyer verifies a certificate: the record's own link, else the standard's check (with the
 * number in it where the check takes one), else none. `opensCertificate`: the link shows this very
 * certificate; otherwise it is a search where the number must be entered.
 */
export function verificationLink(standard: CertificateStandard, number: string, ownLink = ""): { url: string; opensCertificate: boolean } | null {
  if (ownLink) return { url: ownLink, opensCertificate: true };
  const check = certificateStandards[standard]?.check;
  if (!check) return null;
  if (check.includes("{number}")) return number ? { url: check.replace("{number}", encodeURIComponent(number)), opensCertificate: true } : null;
  return { url: check, opensCertificate: false };
}

/**
 * A certificate number that is a placeholder, not a real one (decision 0150): it has the word
 * "sample" in it, in any case ("CU 000000 (SAMPLE)", "00.SAMPLE.00000"), or no digit but 0 ("000000",
 * "TBD"). The studio's number field says so; the staff desk's "What the content lacks" lists them.
 */
export const isSampleCertificateNumber = (number: string) => /sample/i.test(number) || !/[1-9]/.test(number);

/**
 * A certificate is shown while it is valid: until the end of its "valid until" day (UTC, the day the
 * build's date uses), so a build after that midnight, the daily republish included, drops it.
 */
export const isCertificateValid = (certificate: { validUntil: string }, today: string) => certificate.validUntil >= today;

/** Days from `today` to the last valid day (both YYYY-MM-DD): 0 on the last day, negative once past. */
export function daysUntil(day: string, today: string): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** Administrators are told this many days before a certificate's last valid day. */
export const certificateReminderDays = 30;

/** Where a certificate record is shown on the compliance page (its anchor). */
export const certificateAnchor = (slug: string) => `certificate-${slug}`;

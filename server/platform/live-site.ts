import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  bankDetailsOf,
  letterheadAddressInOf,
  letterheadTaglineInOf,
  quotationSettingsDefaults,
  signatoryOf,
  serverSettingsFile,
  wordsOver,
  type CertificateSettings,
  type Letterhead,
  type ProductSettings,
  type QuotationSettings,
  type ServerSettings,
} from "../../app/lib/contracts/server-settings";
import { noCspOrigins, type CspHashes, type CspOrigins } from "./security-headers";

/** One finished build the server can serve: its client files, their inline-script hashes and the outside services it uses. */
export type ServedSite = {
  clientDir: string;
  cspHashes: CspHashes;
  /** None when absent. */
  cspOrigins?: CspOrigins;
  /** The site's public origin the build was made for (server-settings.json): where e-mails link to the staff desk. */
  siteUrl?: string;
  /** Quotations' letterhead and defaults from the content (server-settings.json; decision 0120): the defaults apply when absent. */
  quotation?: QuotationSettings;
  /** Its gallery products by {family}/{item}, with their own terms (server-settings.json; decision 0078): none when absent. */
  products?: Readonly<Record<string, ProductSettings>>;
  /** Every certificate record of its content, valid or not (server-settings.json; decision 0078): the expiry reminders read them. */
  certificates?: readonly CertificateSettings[];
  /** Its languages' codes, the default first (server-settings.json; decisions 0160, 0164): what a form's `locale` may be; English only when absent. */
  locales?: readonly string[];
};

/** build/security/csp-hashes.json beside a client dir (empty when the build wrote none). */
export function readCspHashes(clientDir: string): CspHashes {
  const file = join(clientDir, "..", "security", "csp-hashes.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as CspHashes) : {};
}

/** build/security/csp-origins.json beside a client dir: the outside services that build uses (none when absent). */
export function readCspOrigins(clientDir: string): CspOrigins {
  const file = join(clientDir, "..", "security", "csp-origins.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as CspOrigins) : noCspOrigins;
}

/**
 * What server-settings.json beside a client dir says the server needs to serve that build: the
 * public origin, the products and the certificate records (nothing for a build without the file, or with one it cannot read).
 */
export function readBuildSettings(clientDir: string): Pick<ServedSite, "siteUrl" | "products" | "certificates" | "quotation" | "locales"> {
  let settings: Partial<ServerSettings>;
  try {
    settings = JSON.parse(readFileSync(join(clientDir, "..", serverSettingsFile), "utf8")) as Partial<ServerSettings>;
  } catch {
    return {};
  }
  const { siteUrl, products, certificates, quotation, locales } = settings;
  return {
    locales: Array.isArray(locales) && locales.length > 0 && locales.every((code) => typeof code === "string") ? locales : undefined,
    quotation: quotationSettingsOf(quotation),
    siteUrl: typeof siteUrl === "string" && /^https?:\/\/[^/]+$/.test(siteUrl) ? siteUrl : undefined,
    products: typeof products === "object" && products !== null && !Array.isArray(products) ? products : undefined,
    certificates: Array.isArray(certificates) ? certificates : undefined,
  };
}

/** The quotation settings a build wrote, over the defaults (undefined for a build without them). */
function quotationSettingsOf(quotation: unknown): QuotationSettings | undefined {
  if (typeof quotation !== "object" || quotation === null || Array.isArray(quotation)) return undefined;
  const given = quotation as Partial<QuotationSettings>;
  const validityDays = Number.isInteger(given.validityDays) && given.validityDays! >= 1 ? given.validityDays! : quotationSettingsDefaults.validityDays;
  return {
    ...quotationSettingsDefaults,
    ...given,
    validityDays,
    letterhead: letterheadOf(given.letterhead),
    page: wordsOver(quotationSettingsDefaults.page, given.page),
    // Checked field by field (decision 0155): what does not read is left out, never printed as it came.
    bankDetails: bankDetailsOf(given.bankDetails),
    signatory: signatoryOf(given.signatory),
    // Each language's words are merged over the English ones when used (quotationWordsIn, decision 0164).
    translations: typeof given.translations === "object" && given.translations !== null && !Array.isArray(given.translations) ? given.translations : undefined,
  };
}

/** The letterhead a build wrote, over the defaults; its tagline and address in each language checked (decisions 0198, 0203), left out when absent. */
function letterheadOf(given: Partial<Letterhead> | undefined): Letterhead {
  const { addressIn, taglineIn, ...head } = { ...quotationSettingsDefaults.letterhead, ...given };
  const address = letterheadAddressInOf(addressIn);
  const tagline = letterheadTaglineInOf(taglineIn);
  return { ...head, ...(tagline ? { taglineIn: tagline } : {}), ...(address ? { addressIn: address } : {}) };
}

/** A finished build as the server serves it: what its build steps wrote beside the client dir (build/security, server-settings.json). */
export function readServedSite(clientDir: string): ServedSite {
  return { clientDir, cspHashes: readCspHashes(clientDir), cspOrigins: readCspOrigins(clientDir), ...readBuildSettings(clientDir) };
}

/**
 * The pointer to the build being served. Publishing swaps it in one assignment, so the files and
 * their CSP hashes always change together; a request reads it once and is served from one build.
 * The previous build stays reachable for hashed assets, so a page loaded just before a swap can
 * still fetch its scripts.
 */
export function createLiveSite(initial: ServedSite) {
  let current = initial;
  let previous: ServedSite | undefined;
  return {
    get current(): ServedSite {
      return current;
    },
    get previous(): ServedSite | undefined {
      return previous;
    },
    swap(next: ServedSite) {
      previous = current;
      current = next;
    },
  };
}

export type LiveSite = ReturnType<typeof createLiveSite>;

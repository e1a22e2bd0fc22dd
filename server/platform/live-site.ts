import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { quotationSettingsDefaults, serverSettingsFile, type QuotationSettings, type ServerSettings } from "../../app/lib/contracts/server-settings";
import { noCspOrigins, type CspHashes, type CspOrigins } from "./security-headers";

/** One finished build the server can serve: its client files, their inline-script hashes and the outside services it uses. */
export type ServedSite = {
  clientDir: string;
  cspHashes: CspHashes;
  /** None when absent. */
  cspOrigins?: CspOrigins;
  /** The site's public origin the build was made for (server-settings.json): where e-mails link to the staff desk. */
  siteUrl?: string;
  /** Quotations' letterhead and defaults from the content (server-settings.json; the defaults for a build without them). */
  quotation?: QuotationSettings;
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

/** The public origin server-settings.json beside a client dir names (undefined for a build without one). */
export function readSiteUrl(clientDir: string): string | undefined {
  try {
    const { siteUrl } = JSON.parse(readFileSync(join(clientDir, "..", serverSettingsFile), "utf8")) as Partial<ServerSettings>;
    return typeof siteUrl === "string" && /^https?:\/\/[^/]+$/.test(siteUrl) ? siteUrl : undefined;
  } catch {
    return undefined;
  }
}

/** The quotation settings server-settings.json beside a client dir holds, over the defaults (undefined for a build without them). */
export function readQuotationSettings(clientDir: string): QuotationSettings | undefined {
  try {
    const { quotation } = JSON.parse(readFileSync(join(clientDir, "..", serverSettingsFile), "utf8")) as Partial<ServerSettings>;
    if (typeof quotation !== "object" || quotation === null) return undefined;
    const validityDays = Number.isInteger(quotation.validityDays) && quotation.validityDays >= 1 ? quotation.validityDays : quotationSettingsDefaults.validityDays;
    return { ...quotationSettingsDefaults, ...quotation, validityDays, letterhead: { ...quotationSettingsDefaults.letterhead, ...quotation.letterhead } };
  } catch {
    return undefined;
  }
}

/** A finished build as the server serves it: what its build steps wrote beside the client dir (build/security, server-settings.json). */
export function readServedSite(clientDir: string): ServedSite {
  return { clientDir, cspHashes: readCspHashes(clientDir), cspOrigins: readCspOrigins(clientDir), siteUrl: readSiteUrl(clientDir), quotation: readQuotationSettings(clientDir) };
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

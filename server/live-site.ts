import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { noCspOrigins, type CspHashes, type CspOrigins } from "./security-headers";

/** One finished build the server can serve: its client files, their inline-script hashes and the outside services it uses. */
export type ServedSite = {
  clientDir: string;
  cspHashes: CspHashes;
  /** None when absent. */
  cspOrigins?: CspOrigins;
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

/** A finished build as the server serves it: what its build step wrote into build/security beside the client dir. */
export function readServedSite(clientDir: string): ServedSite {
  return { clientDir, cspHashes: readCspHashes(clientDir), cspOrigins: readCspOrigins(clientDir) };
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

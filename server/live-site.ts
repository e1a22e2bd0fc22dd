import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { CspHashes } from "./security-headers";

/** One finished build the server can serve: its client files and their inline-script hashes. */
export type ServedSite = {
  clientDir: string;
  cspHashes: CspHashes;
};

/** build/security/csp-hashes.json beside a client dir (empty when the build wrote none). */
export function readCspHashes(clientDir: string): CspHashes {
  const file = join(clientDir, "..", "security", "csp-hashes.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as CspHashes) : {};
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

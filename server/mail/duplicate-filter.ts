import { createHash } from "node:crypto";
import type { Submission } from "./schema";

/** How long an accepted submission is remembered: a second press on Send within it is not stored again. */
export const duplicateWindowMs = 10 * 60_000;

/** A hash of everything the message would contain. */
export function submissionKey({ form, params }: Submission): string {
  const hash = createHash("sha256").update(form);
  for (const [name, value] of Object.entries(params)) {
    hash.update(`\0${name}\0`);
    if (typeof value === "string") hash.update(value);
    else hash.update(value.contentType).update(value.content);
  }
  return hash.digest("hex");
}

/** Remembers accepted submissions for a while, by content hash, so a repeated post is stored once. */
export function createDuplicateFilter(windowMs = duplicateWindowMs) {
  const seen = new Map<string, number>();
  return {
    /** True (and remembered) when this key was not seen within the window. */
    claim(key: string, now = Date.now()): boolean {
      for (const [k, at] of seen) {
        if (at + windowMs > now) break; // insertion order = time order: the rest are newer
        seen.delete(k);
      }
      if (seen.has(key)) return false;
      seen.set(key, now);
      return true;
    },
    release(key: string) {
      seen.delete(key);
    },
  };
}

// The one way from server/ into app/ beyond app/lib/contracts (decision 0082): the studio's API must
// check a save against the very schema the studio edits (keystatic.config.ts, built from
// app/content/studio), not a copy that could drift. Only server/studio may import this; the import
// check (scripts/check-imports.mjs) fails on any other path from server/ into app/.
import keystaticConfig from "../../keystatic.config";

/** The content studio's Keystatic config: collections, singletons and the files each owns. */
export const studioConfig = keystaticConfig;

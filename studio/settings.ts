import type { ContentLocale } from "../app/lib/contracts/content-translations";
import type { StudioStorageSettings } from "./storage";

/** What the server tells the studio page at request time (written by server/studio/studio.ts). */
export type StudioPageSettings = StudioStorageSettings & {
  /** Publishing status as JSON (local mode only; /keystatic/status shows it to people). */
  statusUrl?: string;
  /** The languages besides the default whose content the studio edits (decision 0165), from the server's content folder. */
  translations?: ContentLocale[];
};

export const studioSettingsElementId = "studio-settings";

/**
 * The per-response CSP nonce for the studio's style sheets, where react-aria looks for it
 * (`meta[property=csp-nonce]`); studio/main.tsx hands it to Keystar UI's emotion cache.
 */
export function styleNonceMeta(nonce: string): string {
  return `<meta property="csp-nonce" content="${nonce}" />`;
}

/** The settings as a JSON data block: browsers never execute it, so the CSP needs no hash for it. */
export function studioSettingsScript(settings: StudioPageSettings): string {
  const json = JSON.stringify(settings).replace(/</g, "\\u003c");
  return `<script type="application/json" id="${studioSettingsElementId}">${json}</script>`;
}

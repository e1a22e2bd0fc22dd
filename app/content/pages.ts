import { type Messages, useMessages } from "./messages";
import type { PageId } from "./page-paths";
import type { ContentModules } from "./reader/site-content.server";

// Title, banner heading, breadcrumb, search description and banner picture of every fixed page:
// content/pages/<page>.yaml; the paths are code (./page-paths.ts). Gallery item pages take theirs
// from the gallery catalogue. They reach a page with its language's interface words, as the root
// loader's data (app/root.tsx, decision 0160), not as JavaScript every page loads.
export type { PageId };
/** A fixed page's words in the shown language, with their `lang` (decision 0165: null on the default language's pages). */
export type Page = ContentModules["messages"][string]["pages"][PageId];
export type Pages = Record<PageId, Page>;

/** The site's words (content/site.yaml's tagline; the offices' countries, decision 0181) in the shown page's language, with their `lang` (decision 0169: null on the default language's pages). */
export function useSiteWords(): Messages["site"] {
  return useMessages().site;
}

/** The fixed pages' words in the shown page's language. */
export function usePages(): Pages {
  return useMessages().pages;
}

import data from "virtual:content/pages";
import type { PageId } from "./page-paths";
import type { ContentModules } from "./reader/site-content.server";

// Title, banner heading, breadcrumb and search description of every fixed page:
// content/pages/<page>.yaml; the paths are code (./page-paths.ts).
// Gallery item pages take theirs from the gallery catalogue.
export type { PageId };
export type Page = ContentModules["pages"][PageId];
export const pages = data as Record<PageId, Page>;

import { resolve } from "node:path";
import { isoDay } from "../../lib/contracts/open-jobs";
import { galleryFamilyPath, galleryItemPath } from "../../lib/contracts/site-paths";
import { readCompany } from "./company.server";
import { readingContext } from "./context.server";
import { ContentError, contentDir, readEntries } from "./entries.server";
import { readForms } from "./forms.server";
import { readPrivacy } from "./privacy.server";
import { readQuote } from "./quote.server";
import { readGallery } from "./gallery.server";
import { readHome } from "./home.server";
import { readJobOpenings } from "./job-openings.server";
import { readFrame, readPages, readSite } from "./site.server";

// The one content pass: every studio singleton and collection read once (entries.server.ts),
// checked, and shaped by domain into one typed value. Everything that needs content takes it from
// here: the Vite content modules, app/routes.ts, the prerender list, the sitemap, /data.json, the
// company profile PDF and the tests.

export type ReadOptions = {
  /** YYYY-MM-DD: which job openings are open (default: today, UTC). */
  today?: string;
  /** Where local videos named in the gallery live (default: public/). */
  publicDir?: string;
};

/**
 * Reads, validates and shapes all content. Throws a ContentError listing every problem with its
 * file and field, so `npm run build` stops on a bad edit and says where it is.
 */
export async function readSiteContent(root = contentDir(), { today = isoDay(), publicDir = resolve("public") }: ReadOptions = {}) {
  const c = readingContext(await readEntries(root), { root, publicDir, today });
  const { site, offices } = readSite(c);
  const { pages } = readPages(c);
  const home = readHome(c);
  const company = readCompany(c, site, home.team);
  const forms = readForms(c);
  const jobs = readJobOpenings(c);
  const { gallery, galleryShowcases } = readGallery(c);
  const frame = readFrame(c, gallery);
  const quote = readQuote(c, gallery);
  const privacy = readPrivacy(c, forms, quote.quote);
  if (c.problems.length) throw new ContentError([...new Set(c.problems)].sort());

  // One module per page-facing import (app/content/<name>.ts), so each page's bundle carries only what it shows.
  const modules = { site, offices, pages, ...frame, ...home, ...company, ...forms, ...quote, ...privacy, ...jobs, galleryShowcases };
  return {
    modules,
    /** The staff desk's reply templates (content/reply-templates.yaml): the server's, not a page's (server-settings.json). */
    replyTemplates: (c.entryOf("replyTemplates")?.templates ?? []).map(({ name, text }) => ({ name, text })),
    /** The gallery's families and items, in order, for /data.json and the gallery pages. */
    gallery,
    /** Every page address the content makes, beside the fixed ones (app/content/page-paths.ts). */
    paths: {
      galleryFamilies: gallery.map((f) => galleryFamilyPath(f.slug)),
      galleryItems: gallery.flatMap((f) => f.items.map((i) => galleryItemPath(f.slug, i.slug))),
      jobs: jobs.jobs.flatMap((j) => [j.path, j.applyPath]),
    },
  };
}

export type SiteContent = Awaited<ReturnType<typeof readSiteContent>>;
export type ContentModules = SiteContent["modules"];
export type ContentModuleName = keyof ContentModules;
export type { OrgUnit } from "./company.server";
export { ContentError, contentDir } from "./entries.server";

// One read per build: React Router's config, app/routes.ts and the Vite plugin are separate module
// instances in one process, so the shared copy lives on globalThis, by content folder and day.
const cacheKey = Symbol.for("ssl.siteContent");
type Cache = Map<string, Promise<SiteContent>>;
const cache = ((globalThis as Record<symbol, unknown>)[cacheKey] ??= new Map()) as Cache;

/** readSiteContent, shared by everything in this process that asks for the same folder and day. */
export function loadSiteContent(root = contentDir(), options: ReadOptions = {}): Promise<SiteContent> {
  const key = `${root}\0${options.today ?? isoDay()}\0${options.publicDir ?? ""}`;
  let content = cache.get(key);
  if (!content) {
    content = readSiteContent(root, options);
    // A failed read is not kept: the next ask (a fixed file, in dev) reads again.
    content.catch(() => cache.delete(key));
    cache.set(key, content);
  }
  return content;
}

/** After an edit (the dev server's watcher): the next load reads the files again. */
export function forgetSiteContent(): void {
  cache.clear();
}

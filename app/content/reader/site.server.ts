import { business } from "../../lib/contracts/constants";
import { pageFileSlug, pagePaths, type PageId } from "../page-paths";
import type { ReadingContext } from "./context.server";
import { type MenuFamily, navigationMenu } from "./navigation-menu";

// The company's facts (content/site.yaml with the head office's contact details, written once in
// its office file), the offices, the pages' titles and banners, the menu and the frame's labels.

/** "+880 1700-000000" → "+8801700000000" for tel: links. */
export const phoneHref = (phone: string) => `+${phone.replace(/\D/g, "")}`;

export function readSite(c: ReadingContext) {
  const offices = c.list("offices");
  const heads = offices.filter((o) => o.entry.isHeadOffice);
  c.rule(c.dirOf("offices"), heads.length === 1, `exactly one office must be the head office (found ${heads.length})`);
  const siteEntry = c.one("site");
  const head = heads[0]?.entry;
  const site =
    siteEntry && head
      ? {
          ...siteEntry,
          headOffice: { ...siteEntry.headOffice, address: head.address },
          email: head.email,
          phone: head.phone,
          phoneHref: phoneHref(head.phone),
          sisterConcern: { ...siteEntry.sisterConcern },
        }
      : null;
  if (siteEntry) c.rule(c.fileOf("site"), siteEntry.tagline === "100% Export Oriented Company", 'tagline: must be "100% Export Oriented Company" (fixed by the specification)');
  // Every text read after this fills {site.…} and {business.…} in.
  c.usePlaceholders(site ? { site, business } : null);

  return {
    site: site!,
    offices: offices.map(({ entry: o }) => ({
      country: o.country,
      label: o.label,
      isHeadOffice: o.isHeadOffice,
      address: o.address,
      email: o.email,
      phone: o.phone,
      phoneHref: phoneHref(o.phone),
      website: o.website,
    })),
  };
}

/** Every page of app/content/page-paths.ts has its file, and no file is left over. */
export function readPages(c: ReadingContext) {
  const pageEntries = new Map(c.list("pages").map((p) => [p.slug, p]));
  const pages = {} as Record<PageId, { path: string; title: string; heading: string; breadcrumb: string; description: string; bannerImage: string }>;
  for (const [id, path] of Object.entries(pagePaths) as [PageId, string][]) {
    const page = pageEntries.get(pageFileSlug(id));
    pageEntries.delete(pageFileSlug(id));
    if (!page) {
      c.problems.push(`${c.dirOf("pages")}/${pageFileSlug(id)}.yaml: file missing (the page ${path} needs it)`);
      continue;
    }
    const { title, heading, breadcrumb, description, bannerImage } = c.fill(page.file, page.entry);
    pages[id] = { path, title, heading, breadcrumb, description, bannerImage };
  }
  for (const extra of pageEntries.values()) c.problems.push(`${extra.file}: no such page (pages are listed in app/content/page-paths.ts)`);
  return { pages };
}

/** The menu (its Product Gallery drop-down follows the gallery families); the frame's words are each language's (content/messages/). */
export function readFrame(c: ReadingContext, families: readonly MenuFamily[]) {
  const navigationEntry = c.entryOf("navigation");
  const navigation = navigationEntry && {
    menu: navigationMenu(navigationEntry.menu, families, (i, message) => c.problems.push(`${c.fileOf("navigation")}: menu.${i}: ${message}`)),
    quickView: navigationEntry.quickView.map((l) => (l.to ? { label: l.label, to: l.to } : { label: l.label })),
  };
  return { navigation: navigation! };
}

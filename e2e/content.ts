import { resolve } from "node:path";
import { loadSiteContent } from "../app/content/reader/site-content.server";
import { galleryImageHeightPx } from "../app/lib/contracts/constants";
import { fixtureContentDir } from "../fixtures/fixture-content";

// The content the site under test was built from (CONTENT_DIR: fixtures/content, or the staff-edit
// check's edited copy of content/), read by the build's own reader, so specs compare pages with the
// files. A spec picks its case from here by what an entry is, never by a literal slug or text: the
// same specs run on the company's content after staff edits (decision 0054).
export const siteContent = await loadSiteContent();
/** Shaped exactly as the pages import it (app/content/<name>.ts). */
export const content = siteContent.modules;
/** The default language's interface words (content/messages/<code>.yaml, decision 0160): the frame's, the controls' … */
export const words = siteContent.messages[siteContent.locales[0]!.code]!;

/** Whether the site under test is built from the fixture content, which holds a case for every spec. */
export const onFixtureContent = resolve(process.env.CONTENT_DIR ?? "content") === fixtureContentDir;

/**
 * The case a test needs, found in the content under test. A missing case fails the test, naming it:
 * a test that skipped itself would check nothing and still look green. The fixture holds a case for
 * every test; the staff-edit check's edits (scripts/test-setup/staff-edits.mjs) leave one in the
 * company's content, as a real week of edits would.
 */
export function caseOf<T>(value: T | undefined, what: string): T {
  if (value !== undefined) return value;
  if (onFixtureContent) throw new Error(`fixtures/content has no ${what}: add one (fixtures/README.md)`);
  throw new Error(`the content under test has no ${what}: the staff-edit check's edits must leave one (scripts/test-setup/staff-edits.mjs)`);
}

/** Every gallery item with its family, its page address and the page's heading. */
export const galleryItems = siteContent.gallery.flatMap((family) =>
  family.items.map((item) => ({
    family,
    item,
    path: `/gallery/${family.slug}/${item.slug}`,
    heading: `${family.label} - ${item.label}`,
    titles: item.photos.map((p) => p.title || words.gallery.untitledProduct),
    /** The women, men and kids footware pages show shorter images. */
    imageHeight: item.slug === "footware" && ["women", "men", "kids"].includes(family.slug) ? galleryImageHeightPx.footware : galleryImageHeightPx.default,
  })),
);
export type GalleryCase = (typeof galleryItems)[number];

/** In a test: the first item with at least `photos` photos, each with its own title. */
export const itemWithTitledPhotos = (photos = 3): GalleryCase =>
  caseOf(
    galleryItems.find((i) => i.item.photos.length >= photos && i.item.photos.every((p) => p.title) && new Set(i.titles).size === i.titles.length),
    `gallery item with ${photos} photos, each titled`,
  );

/** In a test: the first item matching `matches`, `what` naming the case when there is none. */
export const galleryItem = (what: string, matches: (i: GalleryCase) => boolean): GalleryCase => caseOf(galleryItems.find(matches), `gallery item ${what}`);

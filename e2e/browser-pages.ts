import { prerenderPaths } from "../app/lib/prerender-paths";
import { content, siteContent } from "./content";

// The pages the specs open in Chromium on the Node server watching for a console error, an uncaught
// error and a CSP violation (e2e/fixtures.ts's watchPageProblems), one visit each on a desktop's
// width: layout.spec.ts's "every page in the browser" (every fixed page of the default language and
// the first item page of each gallery family: also their title, heading and axe) and its Oops page
// test (the unknown path), and gallery-families.spec.ts's "every family page lists its items".
// deploy-nginx.spec.ts's Chromium pass leaves these out but the home page (decisions 0173,
// "Refined", and 0186), and company.spec.ts's phone-width test runs axe only once, on /faq, for the
// phone's header.

/** The fixed pages of the default language (not /404, which answers 404). */
export const fixedPages = Object.values(content.pages).filter((p) => p.path !== "/404");

/** Every gallery item page of the default language. */
export const galleryPaths = prerenderPaths(siteContent).filter((p) => /^\/gallery\/[^/]+\/[^/]+$/.test(p));

/** The first item page of each gallery family: one of each kind. */
export const galleryItemSamples = [...new Set(galleryPaths.map((p) => p.split("/")[2]!))].map((family) =>
  galleryPaths.find((p) => p.startsWith(`/gallery/${family}/`))!,
);

/** An address no page has: the Oops page, answered 404. */
export const unknownPath = "/no-such-page";

/** Every gallery family page of the default language. */
export const familyPaths = siteContent.gallery.map((family) => `/gallery/${family.slug}`);

/** Every path the specs above load in Chromium on the Node server watching for errors and CSP violations. */
export const pagesInTheBrowser = [...fixedPages.map((p) => p.path), ...galleryItemSamples, unknownPath, ...familyPaths];

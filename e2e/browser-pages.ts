import { prerenderPaths } from "../app/lib/prerender-paths";
import { content, siteContent } from "./content";

// The pages layout.spec.ts's "every page in the browser" opens in Chromium, one visit each: every
// page of the content's fixed pages in the default language, the first item page of each gallery
// family, and an unknown path. That visit is the one Chromium load of the page on a desktop's width
// for its title and heading, a console error, an uncaught error, a CSP violation and axe (decision
// 0173, "Refined"): deploy-nginx.spec.ts's Chromium pass leaves these out but the home page, and
// company.spec.ts's phone-width test runs axe only once, on /faq, for the phone's header.

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

/** Every path layout.spec.ts's "every page in the browser" loads in Chromium. */
export const pagesInTheBrowser = [...fixedPages.map((p) => p.path), ...galleryItemSamples, unknownPath];

// Which specs' results depend on the content the site under test is built from (decision 0080).
//
// The whole suite runs on the fixture content (fixtures/content). The staff-edit check
// (scripts/test-setup/staff-edits.mjs, decision 0054) runs it again on the company's content after
// the edits staff make, but only the specs named in `contentSpecs`: a spec whose result cannot change
// with what staff write would only run a second time for nothing (about a third of the suite's time).
//
// Every spec is named here exactly once (scripts/test-setup/staff-edits.test.mjs fails otherwise), so
// a new spec chooses. It depends on content when it reads `./content` to know what to expect, or
// checks anything the build makes from the content: a page's texts, lists, links, photos, paths,
// structured data, the routes and hashes of the build (nginx, publishing). It is content-free when
// what it checks is the same whatever staff write: a form's own fields, checks and sending, the
// staff desk, the mail endpoint. A content-free spec says why; when unsure, it depends on content.

/** Run on the fixture and again on the staff-edited company content. */
export const contentSpecs = [
  "about-team-carousel",
  "catalogue", // /gallery: every product with its specification facts, the filters and their counts, the line sheets
  "company",
  "contact", // the head office's address, e-mail and phone
  "deploy-nginx", // every prerendered route and each page's CSP hashes, through nginx
  "faq",
  "first-touch",
  "footer",
  "gallery",
  "gallery-families",
  "home",
  "html-validity", // every prerendered page through the W3C Nu HTML Checker
  "hydration",
  "jobs",
  "layout", // every route's title and heading, axe on every page
  "navigation",
  "privacy", // the notice's text, its field lists and retention days from the content
  "products", // a product page with and without specifications, certificate records and their Verify links, JSON-LD
  "products-quote", // a product's own minimum order and lead time, from the content, shown and checked on /quote
  "quote", // the products of the gallery, chosen and sent
  "quote-list",
  "seo",
  "studio", // publishing: a save of the content under test shows on its pages once published
  "studio-faq", // publishing: a FAQ entry added to the content under test, on /faq and in its FAQPage data
] as const;

/** Run once, on the fixture content: what each checks is the same whatever the content says. */
export const contentFreeSpecs = {
  career: "the career form's fields, file checks and sending; the page around it is layout's and jobs'",
  "forms-no-js": "the contact and career forms posted natively and their result pages; the pages around them are layout's",
  "mail-endpoint": "the EmailJS-compatible endpoint: a contact message reaches the SMTP sink, bad JSON gets a 400",
  "studio-gallery": "a family and items added in the studio get their pages, menu, sitemap and data, and answer 404 once removed: the same on any content (publishing on the company's edited content is the studio spec's, decision 0118)",
  "studio-photos": "a photo uploaded in the studio is refused or published as AVIF/WebP variants: the same on any content (publishing on the company's edited content is the studio spec's, decision 0118)",
  "studio-history": "the content history: who saved what, the diff, restore of a text and of a photo (its variants) and its publishing, the schema's refusal, retention; the same on any content (publishing on edited content is the studio spec's)",
  "studio-restart": "a second npm start and a restart after a studio save keep every page and the studio up: the same on any content",
  staff: "the staff sign-in page: the desk's own markup, no content on it",
  "staff-desk": "the staff desk on its own servers: accounts, roles, leads, audit, the studio's API (a product from ./content is only its quote request's input)",
} as const satisfies Record<string, string>;

/**
 * The spec files a run leaves out, as playwright.config.ts's `testIgnore` takes them: none, or with
 * `contentOnly` (the staff-edit check sets E2E_CONTENT_SPECS_ONLY=1) every content-free spec.
 */
export function specsLeftOut({ contentOnly }: { contentOnly: boolean }): RegExp[] {
  if (!contentOnly) return [];
  return Object.keys(contentFreeSpecs).map((name) => new RegExp(`(^|/)${name}\\.spec\\.ts$`));
}

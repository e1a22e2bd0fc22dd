import { type RouteConfig, index, prefix, route } from "@react-router/dev/routes";
import { loadSiteContent } from "./content/reader/site-content.server";

// The gallery families come from the content (read once per build, shared with the prerender list).
const { gallery, locales, paths } = await loadSiteContent();

export default [
  // The gallery's data file, once per language (decision 0171): /data.json, /de/data.json. One
  // route for all (the manifest every page loads does not grow with each language).
  route(":lang?/data.json", "routes/gallery-data-json.ts"),
  // Every page in every language of content/locales.yaml (decision 0160): the default language at
  // today's addresses, the others under /<code>/ with the same paths. One optional segment, not a
  // copy of the routes per language, so the route manifest every page loads does not grow with
  // each language. A prefix on each route's path rather than a layout route: no route module of its
  // own for every page to load; the root route (app/root.tsx) answers an unknown prefix with the
  // Oops page.
  // The home pages by their language's code, not by the optional segment: /no-such-page is then the
  // Oops page's route (the splat below, with "no-such-page" for a language), the very route of the
  // 404.html the server answers it with, so the page hydrates as it was prerendered.
  index("routes/home.tsx"),
  ...locales.slice(1).map(({ code }) => route(code, "routes/home.tsx", { id: `routes/home-${code}` })),
  ...prefix(":lang?", [
    ...prefix("our-company", [
      route("aboutus", "routes/about-us.tsx"),
      route("mission", "routes/mission.tsx"),
      route("strength", "routes/strength.tsx"),
      route("compliance", "routes/compliance.tsx"),
      route("goal", "routes/goal.tsx"),
      route("organogram", "routes/organogram.tsx"),
      route("md", "routes/md-message.tsx"),
    ]),
    route("ourservices", "routes/services.tsx"),
    route("quality", "routes/quality.tsx"),
    route("contact", "routes/contact.tsx"),
    // Where a form posted without JavaScript lands (server/intake/native-posts.ts answers 303 to these).
    route("contact/sent", "routes/contact-sent.tsx"),
    route("contact/not-sent/:problem", "routes/contact-not-sent.tsx"),
    route("career", "routes/career.tsx"),
    route("career/sent", "routes/career-sent.tsx"),
    route("career/not-sent/:problem", "routes/career-not-sent.tsx"),
    // One page per open job (content/jobs/), and its application form. Their loaders give the job in
    // the page's language (decision 0168); a route with a loader needs a prerendered page, so with no
    // job open there is no route: /career/{x} is then the Oops page's, as it is for an unknown job.
    ...(paths.jobs.length ? [route("career/:slug", "routes/career-job.tsx"), route("career/:slug/apply", "routes/career-job-apply.tsx")] : []),
    // The quote request (decision 0042) and where its native post lands (server/intake/quote.ts).
    route("quote", "routes/quote.tsx"),
    route("quote/sent", "routes/quote-sent.tsx"),
    route("quote/not-sent/:problem", "routes/quote-not-sent.tsx"),
    route("faq", "routes/faq.tsx"),
    route("privacy", "routes/privacy.tsx"),
    ...prefix("gallery", [
      index("routes/gallery-index.tsx"),
      route("fashion-accessories", "routes/gallery-showcase.tsx", { id: "gallery-fashion-accessories" }),
      route("home-textile", "routes/gallery-showcase.tsx", { id: "gallery-home-textile" }),
      route("non-textile", "routes/gallery-showcase.tsx", { id: "gallery-non-textile" }),
      // One page per family file (content/gallery/families/), so an unknown /gallery/{x} is the Oops page.
      ...gallery.map(({ slug }) => route(slug, "routes/gallery-family.tsx", { id: `gallery-family-${slug}` })),
      route(":category/:subcategory", "routes/gallery-item.tsx"),
    ]),
    // Every unknown address, /404 too (/404.html, /de/404.html: scripts/build/steps/not-found-page.mjs).
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;

import type { collections, singletons } from "./index";
import type { galleryCollections } from "./gallery";

// The studio's dashboard and side bar, grouped by where the content shows on the site, each group
// in the order a visitor meets it. Keystatic shows only what is listed here, so every singleton
// and collection of keystatic.config.ts must be in exactly one group (dashboard.test.ts).

type StudioKey = keyof typeof singletons | keyof typeof collections | keyof ReturnType<typeof galleryCollections>;

export const studioNavigation: Record<string, StudioKey[]> = {
  "Home page": [
    "homeHero",
    "homeTrustedPartner",
    "homeCategoryShares",
    "categoryShares",
    "homeCertificates",
    "certificates",
    "homeWhyChooseUs",
    "homeStrengths",
    "homeValues",
    "values",
    "homeBanner",
    "homeConcept",
    "homeTeam",
    "homeGetInTouch",
  ],
  "Company pages": [
    "about",
    "team",
    "mission",
    "strengthPage",
    "strengths",
    "compliance",
    "certificateRecords",
    "goals",
    "organization",
    "mdMessage",
    "services",
    "quality",
    "faqEntries",
    "faqPage",
  ],
  Products: ["galleryFamilies", "galleryItems", "catalogue", "galleryShowcases"],
  Jobs: ["jobs", "jobsPage"],
  "Forms and messages": ["contact", "career", "formResults", "quote", "privacy", "replyTemplates", "quotations"],
  "Site-wide": ["site", "locales", "messages", "offices", "navigation", "pages"],
};

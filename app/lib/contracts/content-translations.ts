import { parse } from "yaml";
import { formProblems } from "./form-results";
import { buyerTypes, incoterms, paymentModes, quoteProblems } from "./quote";
import { acknowledgementWordsDefaults, localeCode, quotationPageWordsDefaults, quotationPdfWordsDefaults } from "./server-settings";

// Content per language (decision 0165): which content types are translated, where each language's
// files live, and which languages there are besides the default one. Shared by the studio's types
// (app/content/studio/translations.ts), the build's reader and the server's translation report and
// XLIFF exchange (server/studio/translations.ts).
//
// Layout: one file per language beside the English one, in a folder named by the language's code,
// as Keystatic's content i18n proposes it (a `{locale}` token in the path, the default language
// unprefixed): content/faq/{locale}/* is content/faq/*.mdoc in English and content/faq/de/*.mdoc in
// German, the singleton content/faq/{locale} is content/faq.yaml and content/faq/<code>.yaml. A
// translation holds only the words that change between languages; order, photos and videos are the
// English entry's.

/**
 * The most items a home section's list is translated in (decision 0169): a translation names a
 * list's words by their place, and the report and XLIFF list only the places the English file has.
 * The concept has exactly seven values (its studio type's rule).
 */
export const homeListMax = { paragraphs: 4, facts: 6, concept: 7 } as const;

/** The most items a company page's list is translated in (decision 0169), as the home sections'. */
export const companyListMax = 8;

/**
 * Company facts' lists a visitor reads in words (decision 0176), translated by place in the site's
 * translation (content/site/<code>.yaml), up to `siteListMax` places; each list is shown whole in a
 * language or in English, marked.
 */
export const siteFactLists = ["factoryCountries", "officeCountries", "cottonTypes", "productFamilies"] as const;
export type SiteFactList = (typeof siteFactLists)[number];
export const siteListMax = 16;

/** `paragraphs.0`, `facts.0.value`, `facts.0.label` …: a list's words by place. */
function listed<L extends string, S extends string>(list: L, count: number, suffixes: readonly S[]): `${L}.${number}${S}`[] {
  return Array.from({ length: count }, (_, i) => suffixes.map((suffix) => `${list}.${i}${suffix}` as `${L}.${number}${S}`)).flat();
}

/**
 * A translated type whose files sit beside the English ones (decisions 0169, 0170): a singleton's
 * content/<folder>/<file> in English, content/<folder>/<code>/<file> translated; a collection's
 * (no `file`) content/<folder>/<id> and content/<folder>/<code>/<id>.
 */
function besideEnglish<K extends "singleton" | "collection", F extends string>(
  kind: K,
  folder: string,
  file: string | null,
  label: string,
  fields: readonly F[],
  { body = null, extension = ".yaml" }: { body?: F | null; extension?: ".yaml" | ".mdoc" } = {},
) {
  const at = (code: string | null) => (code ? `${folder}/${code}` : folder);
  return { kind, label, fields, body, dir: (code: string | null) => (file ? `${at(code)}/${file}` : at(code)), extension };
}

/** A company page's translated singleton (decision 0170): content/company/<page>.yaml (or .mdoc, its body a field), content/company/<code>/<page> translated. */
const companyPage = <F extends string>(file: string, label: string, fields: readonly F[], options?: { body?: F | null; extension?: ".yaml" | ".mdoc" }) =>
  besideEnglish("singleton", "company", file, label, fields, options);

/** A list's translated collection (decision 0170): content/<dir>/<id>.yaml in English, content/<dir>/<code>/<id>.yaml translated. */
const listOf = <F extends string>(dir: string, label: string, fields: readonly F[]) => besideEnglish("collection", dir, null, label, fields);

/**
 * The company profile PDF's own words (decision 0188), in the about page's `profile` beside its
 * link's: the document's title, its section headings the pages do not give, the contact's labels and
 * the page footer's `{page}`/`{pages}` template. The key facts' heading is the about page's.
 */
export const companyProfileWords = ["title", "quality", "compliance", "contact", "headOffice", "email", "phone", "website", "page"] as const;

/** The PDCA cycle's steps and the goal page's value cards, in order (decision 0176: their names are content, the keys code). */
export const pdcaSteps = ["plan", "do", "check", "act"] as const;
export const goalCards = ["teamWork", "success", "creative", "expressGoalsPositively"] as const;

/** The organogram's units by place (decision 0170): root, root.children.0, … down to `depth` levels under the root, each unit's title and detail. */
function orgUnits(at: string, depth: number): `root${string}`[] {
  const own = [`${at}.title`, `${at}.detail`] as `root${string}`[];
  if (depth === 0) return own;
  return [...own, ...Array.from({ length: companyListMax }, (_, i) => orgUnits(`${at}.children.${i}`, depth - 1)).flat()];
}

/** A home section's translated singleton: content/home/<section>.yaml in English, content/home/<code>/<section>.yaml translated. */
const homeSection = <F extends string>(file: string, label: string, fields: readonly F[]) => besideEnglish("singleton", "home", file, label, fields);
/**
 * The most photos and compositions of a gallery item translated by place (decision 0171), as the
 * home sections' lists: the report and XLIFF list only the places the English item has.
 */
export const galleryListMax = { photos: 12, compositions: 8 } as const;

/**
 * The most places of an interface words file's lists exchanged by place (decision 0179): the quote
 * form's terms box and a result page's links. The report and XLIFF list only the places the English
 * file has; the studio's list takes any number, as the English one does.
 */
export const interfaceListMax = { terms: 12, links: 6 } as const;

/**
 * The most places of a list a translation names by its English item (decision 0182): the menu's and
 * the footer links' labels (by their English label in content/navigation.yaml) and the saved replies
 * (by their English name). The report and XLIFF list only the places the English has.
 */
export const namedListMax = { menu: 40, templates: 20 } as const;

/** Every word of a group of the server's English words by its path: pdf.title, pdf.columns.n … */
const wordPaths = (prefix: string, words: object): string[] =>
  Object.entries(words).flatMap(([key, value]) => (typeof value === "string" ? [`${prefix}.${key}`] : wordPaths(`${prefix}.${key}`, value as object)));

const fieldsUnder = <P extends string, F extends string>(prefix: P, names: readonly F[]) => names.map((name) => `${prefix}.${name}` as const);

/**
 * The quote form's words (content/quote.yaml, content/quote/<code>.yaml: decision 0166), every text
 * field of `quoteWordsSchema` (app/content/studio/quote.ts) but the result page's link addresses
 * (`sent.links.N.to`), which a translation keeps as they are (app/content/studio/translations.test.ts
 * checks the list against the schema).
 */
const quoteWordFields = [
  "title",
  "description",
  "heading",
  "intro",
  "productsHeading",
  "productHeading",
  "productLabel",
  "productNone",
  "productTerms",
  "quantityLabel",
  "belowMinimum",
  "coloursLabel",
  "sizesLabel",
  "targetPriceLabel",
  "currencyLabel",
  "notesLabel",
  "addProducts",
  "requestHeading",
  "companyLabel",
  "contactNameLabel",
  "emailLabel",
  "phoneLabel",
  "countryLabel",
  "countryNone",
  "buyerTypeLabel",
  ...fieldsUnder("buyerTypes", buyerTypes),
  "incotermLabel",
  ...fieldsUnder("incoterms", incoterms),
  "destinationLabel",
  "deliveryMonthLabel",
  "deliveryMonthHint",
  "paymentModeLabel",
  ...fieldsUnder("paymentModes", paymentModes),
  "chooseOne",
  "messageLabel",
  "attachmentsLabel",
  "attachmentsHint",
  "submit",
  "sending",
  "success",
  "failure",
  "errorsHeading",
  "honeypotLabel",
  "termsHeading",
  ...listed("terms", interfaceListMax.terms, [".label", ".text"]),
  ...fieldsUnder("problems", quoteProblems),
  "deliveryTooEarly",
  ...fieldsUnder("sent", ["title", "description", "heading", "message", "referenceLabel", "belowMinimum", "text"] as const),
  ...listed("sent.links", interfaceListMax.links, [".label"]),
  ...fieldsUnder("notSent", ["title", "description", "heading", "keptNote", "emailNote"] as const),
] as const;

/** The result pages' words of one form (content/form-results.yaml's `contact` or `career`), but the links' addresses. */
const formResultWordFields = <F extends keyof typeof formProblems>(form: F) => [
  ...fieldsUnder(`${form}.sent`, ["title", "description", "heading", "message", "text"] as const),
  ...listed(`${form}.sent.links`, interfaceListMax.links, [".label"]),
  ...fieldsUnder(`${form}.notSent`, ["title", "description", "heading", "keptNote", "emailNote"] as const),
  ...fieldsUnder(`${form}.notSent.problems`, formProblems[form]),
];

/**
 * The interface words (content/messages/<code>.yaml, decision 0160): every text field of
 * `messagesSchema` (app/content/studio/messages.ts). The menu's labels (decision 0182) by the place of
 * their English label in content/navigation.yaml, which a language's file names (`menu: - english:`).
 */
const messageWordFields = [
  "language.switcher",
  ...fieldsUnder("header", ["logoSuffix", "mainMenu", "mobileMenu", "menuButton", "requestQuote", "quoteRequestOne", "quoteRequestCount"] as const),
  ...fieldsUnder("oops", ["heading", "message", "goHome"] as const),
  ...fieldsUnder("contactForm", ["name", "email", "subject", "message", "submit", "sending", "success", "failure", "honeypot"] as const),
  ...fieldsUnder("careerForm", [
    "name",
    "email",
    "phone",
    "position",
    "coverLetter",
    "resume",
    "resumeHint",
    "submit",
    "sending",
    "success",
    "failure",
    "fileTooLarge",
    "noFile",
    "fileType",
    "honeypot",
  ] as const),
  ...fieldsUnder("labels", ["skipToContent", "breadcrumbHome", "breadcrumbName", "videoFallback", "opensInNewTab", "loading", "backToTop"] as const),
  ...fieldsUnder("labels.footer", [
    "aboutHeading",
    "sisterConcern",
    "socialMedia",
    "quickView",
    "offices",
    "headOffice",
    "email",
    "phone",
    "website",
    "rightsReserved",
    "privacy",
  ] as const),
  ...fieldsUnder("labels.formPrivacy", ["text", "link"] as const),
  ...fieldsUnder("carousel", ["previous", "next", "pause", "play", "slide"] as const),
  "video.play",
  "teamCard.rating",
  "pictureWindow.close",
  ...fieldsUnder("gallery", [
    "untitledProduct",
    "notFound",
    "notFoundTitle",
    "viewLarger",
    "fullSize",
    "itemDescription",
    "familyTitle",
    "familyDescription",
  ] as const),
  ...fieldsUnder("addToQuote", ["add", "product", "added", "removed", "view"] as const),
  "galleryVideo.description",
  ...fieldsUnder("consent", ["title", "body", "accept", "decline", "choice", "granted", "denied", "unanswered"] as const),
  ...listed("menu", namedListMax.menu, [".label"]),
] as const;

/**
 * The static gallery pages of content/gallery/showcases.yaml and their cards (decision 0174): the
 * studio's type holds exactly three per page, so a translation names every card's title by place.
 */
export const galleryShowcasePages = ["fashionAccessories", "homeTextile", "nonTextile"] as const;
export const showcaseCards = 3;

/** The translated types: the English type's studio key, its kind, the words a translation holds, where its files live. */
export const translatedTypes = {
  faqEntries: {
    kind: "collection",
    label: "FAQ: questions and answers",
    fields: ["question", "answer"],
    /** The field held as the Markdoc body (the rest in the header). */
    body: "answer",
    dir: (code: string | null) => (code ? `faq/${code}` : "faq"),
    extension: ".mdoc",
  },
  faqPage: {
    kind: "singleton",
    label: "FAQ: heading, intro, video",
    fields: ["heading", "intro"],
    body: null,
    dir: (code: string | null) => (code ? `faq/${code}` : "faq"),
    extension: ".yaml",
  },
  pages: {
    kind: "collection",
    label: "Page titles and banners",
    fields: ["title", "heading", "breadcrumb", "description"],
    body: null,
    dir: (code: string | null) => (code ? `pages/${code}` : "pages"),
    extension: ".yaml",
  },
  // Decision 0168: the job openings' words (the country, not the city nor its code), the privacy notice's every text but its date.
  jobs: {
    kind: "collection",
    label: "Job openings",
    fields: ["title", "department", "location.country", "description"],
    body: "description",
    dir: (code: string | null) => (code ? `jobs/${code}` : "jobs"),
    extension: ".mdoc",
  },
  privacy: {
    kind: "singleton",
    label: "Privacy notice",
    fields: [
      "intro",
      "updatedLine",
      "formsHeading",
      "formsIntro",
      "fieldsLabel",
      "purposeLabel",
      "recipientsLabel",
      "keptLabel",
      ...(["contact", "career", "quote"] as const).flatMap((form) =>
        (["heading", "purpose", "recipients", "kept"] as const).map((field) => `${form}.${field}` as const),
      ),
      "analytics.heading",
      "analytics.used",
      "analytics.change",
      "analytics.notUsed",
      "device.heading",
      "device.text",
      "rights.heading",
      "rights.text",
    ],
    body: null,
    dir: (code: string | null) => (code ? `privacy/${code}` : "privacy"),
    extension: ".yaml",
  },
  // Decision 0168: a certificate record's name, holder and scope; its number, issuer, dates, links and file are the English entry's.
  certificateRecords: {
    kind: "collection",
    label: "Certificates: records",
    fields: ["name", "holder", "scope"],
    body: null,
    dir: (code: string | null) => (code ? `certificate-records/${code}` : "certificate-records"),
    extension: ".yaml",
  },
  // Decision 0169: the home page's sections' words, one translated singleton per section file
  // (content/home/<code>/<section>.yaml); videos, pictures, links and the partner certificates' names
  // stay the English file's. A list's words are named by their place (`paragraphs.0`, `values.6.title`).
  homeHero: homeSection("hero", "Home: top (video and introduction)", [
    "lead",
    "certificatesLabel",
    "playNote",
    "cta.label",
    "secondaryCta.label",
    "pausePlay.pause",
    "pausePlay.play",
  ]),
  homeTrustedPartner: homeSection("trusted-partner", "Home: your trusted partner", [
    "heading",
    ...listed("paragraphs", homeListMax.paragraphs, [""]),
    ...listed("facts", homeListMax.facts, [".value", ".label"]),
  ]),
  homeCategoryShares: homeSection("category-shares", "Home: category chart's heading", ["heading", "intro", "chartLabel"]),
  homeCertificates: homeSection("certificates", "Home: certificates' heading", ["heading", "intro"]),
  homeWhyChooseUs: homeSection("why-choose-us", "Home: why choose us", ["heading", "intro", "pausePlay.pause", "pausePlay.play"]),
  homeStrengths: homeSection("strengths", "Home: strengths' heading", ["heading", "intro"]),
  homeValues: homeSection("values", "Home: values carousel's heading", ["heading", "intro"]),
  homeBanner: homeSection("banner", "Home: banner", ["alt", "heading", "text"]),
  homeConcept: homeSection("concept", "Home: our concept", ["heading", "intro", ...listed("values", homeListMax.concept, [".title", ".description"])]),
  homeTeam: homeSection("team", "Home: team carousel's heading", ["heading", "intro"]),
  homeGetInTouch: homeSection("get-in-touch", "Home: get in touch", ["heading", "intro", "interimBefore", "interimMiddle", "interimLinkLabel"]),
  // Decision 0169: the company pages' words, the mission page first (every text of content/company/mission.yaml).
  mission: {
    kind: "singleton",
    label: "Company: mission, vision and values",
    fields: [
      "mission.heading",
      "mission.statement",
      ...listed("mission.points", companyListMax, [""]),
      "vision.heading",
      "vision.statement",
      ...listed("vision.targets", companyListMax, [""]),
      "values.heading",
      ...listed("values.items", companyListMax, [".name", ".description"]),
    ],
    body: null,
    dir: (code: string | null) => (code ? `company/${code}/mission` : "company/mission"),
    extension: ".yaml",
  },
  // Decision 0170: the other company pages' words; the pictures, video files, payment codes, inspection
  // companies' names, the organogram's ids and the lists Company facts fills in stay the English file's.
  about: companyPage(
    "about",
    "Company: about us",
    [
      "introHeading",
      "intro",
      "factsHeading",
      ...listed("facts", companyListMax, [".label", ".value"]),
      ...listed("sections", companyListMax, [".heading", ".body"]),
      "profile.label",
      "profile.note",
      // Decision 0188: the company profile PDF's own words; a language's PDF is made with its about page's translation.
      ...fieldsUnder("profile", companyProfileWords),
      "image.alt",
      "teamHeading",
    ],
    { body: "intro", extension: ".mdoc" },
  ),
  mdMessage: companyPage("md-message", "Company: message from the Managing Director", ["heading", "greeting", "message", "signOff", "portraitAlt"], {
    body: "message",
    extension: ".mdoc",
  }),
  compliance: companyPage("compliance", "Company: compliance", [
    "intro",
    ...(["heading", "caption", "plan", "do", "check", "act"] as const).map((f) => `cycle.${f}` as const),
    // Decision 0176: the steps' names, the specification's English ones in the English file.
    ...pdcaSteps.map((f) => `cycle.names.${f}` as const),
    "goals.heading",
    ...listed("goals.items", companyListMax, [""]),
    "checklists.heading",
    "checklists.intro",
    ...Array.from({ length: companyListMax }, (_, i) => [
      `checklists.lists.${i}.title` as const,
      ...listed(`checklists.lists.${i}.items`, companyListMax, [""]),
    ]).flat(),
    "certificatesHeading",
  ]),
  goals: companyPage("goals", "Company: goals", [
    "intro",
    "objectives.heading",
    ...listed("objectives.items", companyListMax, [".title", ".description"]),
    ...(["heading", "teamWork", "success", "creative", "expressGoalsPositively"] as const).map((f) => `values.${f}` as const),
    // Decision 0176: the cards' names, the specification's English ones in the English file.
    ...goalCards.map((f) => `values.names.${f}` as const),
  ]),
  organization: companyPage("organization", "Company: organogram", ["intro", "chartTitle", ...orgUnits("root", 3)]),
  services: companyPage("services", "Company: services", [
    "intro",
    "offered.heading",
    ...listed("offered.items", companyListMax, [".title", ".description"]),
    "products.heading",
    "products.intro",
    "payment.heading",
    "payment.intro",
    ...listed("payment.modes", companyListMax, [".name"]),
    "video.heading",
    "video.caption",
    "video.video.label",
  ]),
  quality: companyPage("quality", "Company: quality", [
    "intro",
    "precautions.heading",
    ...listed("precautions.items", companyListMax, [""]),
    "tests.heading",
    ...listed("tests.items", companyListMax, [".name", ".description"]),
    "inspection.heading",
    "inspection.body",
    ...listed("inspection.stages", companyListMax, [".name", ".description"]),
    "inspection.companiesHeading",
    "innovation.heading",
    "innovation.body",
    ...listed("innovation.items", companyListMax, [""]),
  ]),
  strengthPage: companyPage("strength", "Company: strengths page's heading", ["heading"]),
  // Decision 0170: the lists the home and company pages share, an entry's words in a file of the
  // English entry's id (content/strengths/<code>/<id>.yaml); pictures, order, ratings, shares,
  // colours, links and the team members' names stay the English entry's.
  strengths: listOf("strengths", "Strengths", ["name", "description"]),
  values: listOf("values", "Values carousel: cards", ["title", "description"]),
  team: listOf("team", "Team: roles and quotes", ["role", "text"]),
  certificates: listOf("certificates", "Certificates: cards' labels", ["label"]),
  categoryShares: listOf("category-shares", "Category chart: categories' names", ["label"]),
  // Decision 0169: the site's words in content/site.yaml (its tagline). Decision 0176: the facts a
  // visitor reads in words, by place (the head office's country, the countries, cotton types and
  // product families Company facts lists); names, numbers, the standards' names and links stay the English file's.
  site: {
    kind: "singleton",
    label: "Site: tagline and facts in words",
    fields: ["tagline", "headOffice.country", ...siteFactLists.flatMap((list) => listed(list, siteListMax, [""]))],
    body: null,
    dir: (code: string | null) => (code ? `site/${code}` : "site"),
    extension: ".yaml",
  },
  // The words of a page's fixed parts (decision 0167): each a singleton translated whole, beside the
  // English file (content/contact.yaml → content/contact/de.yaml). A nested field is named by its
  // path (map.title): the translation keeps the English file's shape, without the addresses and pictures.
  contact: {
    kind: "singleton",
    label: "Contact page: words",
    fields: [
      "detailsHeading",
      "addressLabel",
      "emailLabel",
      "phoneLabel",
      "map.title",
      "map.linkLabel",
      "map.previewAlt",
      "map.showLabel",
      "map.note",
      "form.heading",
      "form.intro",
    ],
    body: null,
    dir: (code: string | null) => (code ? `contact/${code}` : "contact"),
    extension: ".yaml",
  },
  career: {
    kind: "singleton",
    label: "Career form: heading, intro, retention notice",
    fields: ["heading", "intro", "retentionNotice"],
    body: null,
    dir: (code: string | null) => (code ? `career/${code}` : "career"),
    extension: ".yaml",
  },
  jobsPage: {
    kind: "singleton",
    label: "Career and job page texts",
    fields: [
      "heading",
      "noOpenings",
      "departmentLabel",
      "locationLabel",
      "employmentTypeLabel",
      "validThroughLabel",
      "salaryLabel",
      "descriptionHeading",
      "apply",
      "applyHeading",
      "applyIntro",
      "backToJob",
      "jobDescription",
      "applyDescription",
      ...(["FULL_TIME", "PART_TIME", "CONTRACTOR", "TEMPORARY", "INTERN", "VOLUNTEER", "PER_DIEM", "OTHER"] as const).map(
        (t) => `employmentTypes.${t}` as const,
      ),
      ...(["HOUR", "DAY", "WEEK", "MONTH", "YEAR"] as const).map((u) => `salaryUnits.${u}` as const),
    ],
    body: null,
    dir: (code: string | null) => (code ? `jobs/${code}` : "jobs"),
    extension: ".yaml",
  },
  // Of content/gallery/catalogue.yaml, the words of the pages' fixed parts: a product page's two
  // headings, the certificate records' words (compliance page, the Verify link) and the catalogue's
  // filters. The specifications' and choices' names go with the products (decision 0171), the line
  // sheets' words with the sheets in each language (decision 0175).
  catalogue: {
    kind: "singleton",
    label: "Catalogue and certificates: page words",
    fields: [
      "specs.heading",
      "specs.certificates",
      ...(
        [
          "heading",
          "intro",
          "none",
          "number",
          "issuedBy",
          "holder",
          "scope",
          "validity",
          "verify",
          "verifyLabel",
          "verifySearchHint",
          "file",
          "fileLabel",
        ] as const
      ).map((field) => `certificates.${field}` as const),
      ...(
        [
          "heading",
          "search",
          "searchHint",
          "family",
          "construction",
          "material",
          "certificate",
          "moq",
          "moqUpTo",
          "any",
          "results",
          "noResults",
          "clear",
        ] as const
      ).map((field) => `filter.${field}` as const),
      // Decision 0171: the specifications' names and the choices' names go with the products.
      ...(
        [
          "construction",
          "gauge",
          "material",
          "composition",
          "cottonTypes",
          "fabricWeight",
          "sizes",
          "colourways",
          "customisation",
          "moq",
          "moqValue",
          "leadTime",
          "leadTimeValue",
          "leadTimeCompany",
          "samples",
        ] as const
      ).map((field) => `specs.${field}` as const),
      ...(["woven", "jersey", "flat-knit", "circular-knit", "outerwear", "non-textile"] as const).map((code) => `constructions.${code}` as const),
      ...(["cima", "bci", "organic"] as const).map((code) => `cottonTypes.${code}` as const),
      ...(["print", "embroidery", "wash", "private-label", "packaging"] as const).map((code) => `customisations.${code}` as const),
      // Decision 0175: the line sheets' links and their fixed words; a language's sheets are made once every one is translated.
      ...(["familyLink", "catalogueLink", "title", "catalogueTitle", "issued", "contact", "pricesNote", "productLink"] as const).map(
        (field) => `lineSheets.${field}` as const,
      ),
    ],
    body: null,
    dir: (code: string | null) => (code ? `gallery/catalogue/${code}` : "gallery/catalogue"),
    extension: ".yaml",
  },
  // Decision 0171: the gallery's families (their name) and products (name, photos' titles and
  // colourways by place, the specification's words). Codes (construction, cotton, customisation,
  // certificates), measures (gauge, fabric weight), terms, order, photos and videos stay the English
  // entry's. The `{locale}` folder sits under gallery/ (content/gallery/de/families/men.yaml,
  // content/gallery/de/items/men/tshirt.yaml): under items/ the English collection's `**` would take
  // a language's folder for a family. An item's id is its `family/item` address (`nested`).
  galleryFamilies: {
    kind: "collection",
    label: "Gallery families",
    fields: ["label"],
    body: null,
    dir: (code: string | null) => (code ? `gallery/${code}/families` : "gallery/families"),
    extension: ".yaml",
  },
  galleryItems: {
    kind: "collection",
    label: "Gallery products and photos",
    fields: [
      "label",
      ...listed("photos", galleryListMax.photos, [".title", ".colourway"]),
      "specs.description",
      "specs.material",
      ...listed("specs.compositions", galleryListMax.compositions, [""]),
      "specs.sizes",
      "specs.samples",
    ],
    body: null,
    dir: (code: string | null) => (code ? `gallery/${code}/items` : "gallery/items"),
    extension: ".yaml",
    nested: true,
  },
  // Decision 0179: the interface words files, each language's whole (decisions 0160, 0166). Unlike
  // the content above nothing falls back to English: every language needs its file with every field
  // (the build stops otherwise), and a translation holds every field of the English file, its links'
  // addresses and the menu's labels too, which are kept as they are when an XLIFF file is imported.
  quote: {
    kind: "singleton",
    label: "Quote request form",
    fields: quoteWordFields,
    body: null,
    dir: (code: string | null) => (code ? `quote/${code}` : "quote"),
    extension: ".yaml",
    whole: true,
  },
  formResults: {
    kind: "singleton",
    label: "Form sent / not sent pages",
    fields: [...formResultWordFields("contact"), ...formResultWordFields("career")],
    body: null,
    dir: (code: string | null) => (code ? `form-results/${code}` : "form-results"),
    extension: ".yaml",
    whole: true,
  },
  messages: {
    kind: "singleton",
    label: "Interface words",
    fields: messageWordFields,
    body: null,
    // The default language's file is content/messages/en.yaml, as the English studio singleton's.
    dir: (code: string | null) => `messages/${code ?? "en"}`,
    extension: ".yaml",
    whole: true,
    // Decision 0182: the menu's labels, whose English is content/navigation.yaml's, each named by its English label.
    byEnglishName: { list: "menu", name: "label" },
  },
  // Decision 0174: the static gallery pages' cards' titles by place (fashionAccessories.cards.0.title);
  // the videos and the cards' pictures stay the English file's. The `{locale}` folder under gallery/,
  // as the families' and products' (decision 0171): content/gallery/<code>/showcases.yaml.
  galleryShowcases: besideEnglish(
    "singleton",
    "gallery",
    "showcases",
    "Gallery showcase pages: card titles",
    galleryShowcasePages.flatMap((page) => listed(`${page}.cards`, showcaseCards, [".title"])),
  ),
  // Decision 0182: the buyer's words (decision 0164), edited in the studio per language since decision
  // 0179. A word left out is the English one where it is used, so a translation is listed missing word
  // by word (`wordByWord`) and takes any of its words. The quotation words' English is
  // content/quotations.yaml's, the quote form's payment modes' and, for the PDF and the
  // acknowledgement, the server's defaults (server/studio/translations.ts `englishBesides`).
  quotations: {
    kind: "singleton",
    label: "Quotations: the buyer's words",
    fields: [
      "paymentTerms",
      "sampleTerms",
      "terms",
      ...fieldsUnder("paymentModes", paymentModes),
      ...wordPaths("page", quotationPageWordsDefaults),
      ...wordPaths("pdf", quotationPdfWordsDefaults),
      ...wordPaths("acknowledgement", acknowledgementWordsDefaults),
    ],
    body: null,
    dir: (code: string | null) => (code ? `translations/${code}/quotations` : "quotations"),
    extension: ".yaml",
    wordByWord: true,
  },
  // The saved replies by the place of their English template, a translation naming each by its English name.
  replyTemplates: {
    kind: "singleton",
    label: "Reply templates",
    fields: listed("templates", namedListMax.templates, [".name", ".text"]),
    body: null,
    dir: (code: string | null) => (code ? `translations/${code}/reply-templates` : "reply-templates"),
    extension: ".yaml",
    wordByWord: true,
    byEnglishName: { list: "templates", name: "name" },
  },
} as const;

/** The company pages' keys translated by decision 0170 (beside the mission page's, decision 0169). */
export const companyPageKeys = [
  "about",
  "mdMessage",
  "compliance",
  "goals",
  "organization",
  "services",
  "quality",
  "strengthPage",
] as const satisfies readonly (keyof typeof translatedTypes)[];

/** The lists the home and company pages share, translated by decision 0170. */
export const sharedListKeys = ["strengths", "values", "team", "certificates", "categoryShares"] as const satisfies readonly (keyof typeof translatedTypes)[];

/** The home page's section keys that are translated (decision 0169), in the page's order. */
export const homeSectionKeys = [
  "homeHero",
  "homeTrustedPartner",
  "homeCategoryShares",
  "homeCertificates",
  "homeWhyChooseUs",
  "homeStrengths",
  "homeValues",
  "homeBanner",
  "homeConcept",
  "homeTeam",
  "homeGetInTouch",
] as const satisfies readonly (keyof typeof translatedTypes)[];

/**
 * A field's words in an entry: a field is a name or a dotted path into objects (`location.country`,
 * `contact.heading`, decision 0168); undefined where there is no text.
 */
export function wordAt(entry: Record<string, unknown>, field: string): string | undefined {
  let value: unknown = entry;
  for (const part of field.split(".")) value = value && typeof value === "object" ? (value as Record<string, unknown>)[part] : undefined;
  return typeof value === "string" ? value : undefined;
}

/** An entry's object with a field's words set at its (dotted) path, the objects on the way made. */
export function setWordAt(entry: Record<string, unknown>, field: string, words: string): void {
  const parts = field.split(".");
  let at = entry;
  for (const [i, part] of parts.slice(0, -1).entries()) {
    const next = at[part];
    at = (at[part] = next && typeof next === "object" ? next : /^\d+$/.test(parts[i + 1]!) ? [] : {}) as Record<string, unknown>;
  }
  at[parts.at(-1)!] = words;
}

export type TranslatedKey = keyof typeof translatedTypes;
export const translatedKeys = Object.keys(translatedTypes) as TranslatedKey[];

/** The studio's key of a type's translation into a language: faqEntries_de. */
export const translationKey = (key: TranslatedKey, code: string) => `${key}_${code}`;

/** Which translated type and language a studio key is, or undefined for any other key. */
export function translationOf(key: string): { key: TranslatedKey; code: string } | undefined {
  const at = key.indexOf("_");
  if (at < 0) return undefined;
  const base = key.slice(0, at);
  return Object.hasOwn(translatedTypes, base) ? { key: base as TranslatedKey, code: key.slice(at + 1) } : undefined;
}

/**
 * An entry's file inside the content folder, in a language (null: the default's): faq/moq.mdoc,
 * faq/<code>/<id>.mdoc, faq.yaml, faq/<code>.yaml, pages/<code>/<page>.yaml.
 */
export function translatedFile(key: TranslatedKey, code: string | null, slug: string): string {
  const type = translatedTypes[key];
  return type.kind === "singleton" ? `${type.dir(code)}${type.extension}` : `${type.dir(code)}/${slug}${type.extension}`;
}

export type ContentLocale = { code: string; name: string };

/** Every language in a content/locales.yaml text, the default first; none when it cannot be read. */
export function localesIn(yamlText: string): ContentLocale[] {
  try {
    const list = (parse(yamlText) as { locales?: Array<{ code?: unknown; name?: unknown }> } | null)?.locales ?? [];
    return list
      .filter((l): l is ContentLocale => typeof l.code === "string" && localeCode.test(l.code) && typeof l.name === "string")
      .map(({ code, name }) => ({ code, name }));
  } catch {
    return [];
  }
}

/**
 * The languages besides the default one, from locales.yaml in `dir` (default CONTENT_DIR), read on
 * the server (Node); in the studio's page (a browser) none: the server hands the page its list
 * (studio/settings.ts). An unreadable list gives none (the build names the file's problem).
 */
export function translatedLocales(dir?: string): ContentLocale[] {
  return contentLocales(dir).slice(1);
}

/** Every language of locales.yaml in `dir` (default CONTENT_DIR), the default first; on the server only (see translatedLocales). */
export function contentLocales(dir?: string): ContentLocale[] {
  const node = (globalThis as { process?: NodeJS.Process }).process;
  const fs = node?.getBuiltinModule?.("node:fs") as typeof import("node:fs") | undefined;
  const path = node?.getBuiltinModule?.("node:path") as typeof import("node:path") | undefined;
  if (!node || !fs || !path) return [];
  try {
    // A blank CONTENT_DIR is unset, as the environment's schema reads it (`contentDir()`): `npm run bench:compare` builds its baseline so.
    return localesIn(fs.readFileSync(path.resolve(dir ?? (node.env.CONTENT_DIR?.trim() || "content"), "locales.yaml"), "utf8"));
  } catch {
    return [];
  }
}

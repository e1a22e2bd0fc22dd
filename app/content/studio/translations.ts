import { collection, fields, singleton, type ComponentSchema } from "@keystatic/core";
import {
  companyPageKeys,
  galleryListMax,
  galleryShowcasePages,
  homeListMax,
  homeSectionKeys,
  sharedListKeys,
  siteListMax,
  showcaseCards,
  translatedKeys,
  translatedTypes,
  translationKey,
  type ContentLocale,
  type TranslatedKey,
} from "../../lib/contracts/content-translations";
import { fieldMaxLength } from "../../lib/contracts/form-endpoint";
import { paymentModes } from "../../lib/contracts/quote";
import { acknowledgementWordsDefaults, quotationPageWordsDefaults, quotationPdfWordsDefaults } from "../../lib/contracts/server-settings";
import { galleryItemSlugPattern } from "./gallery";
import { richText, section, text, placeholderHelp } from "./fields";
import { privacy } from "./privacy";
import { compliance, goalNames, goals, mdMessage, mission, pdcaNames, profilePdfWords, quality, services } from "./company";
import { strengthPage } from "./collections";
import { career, formResultsWordsSchema } from "./forms";
import { jobsPage } from "./jobs";
import { catalogue } from "./products";
import { quoteWordsSchema } from "./quote";
import { messagesSchema } from "./messages";

// Content per language (decision 0165; the layout: app/lib/contracts/content-translations.ts), so
// Keystatic's content i18n (its `{locale}` path token) can take these types over without moving a file.
// Until then the studio gets one collection or singleton per translated type and per language,
// made from content/locales.yaml: a fifth language is an entry there, no code. A translation holds
// only the words that change between languages; everything else (order, photos, videos) is the
// English entry's, and an entry or a field not translated yet shows the English one, marked as such.

const sourceHint = (english: string) => `Translate the English entry of the same id in “${english}” (its text is the source; the translation report at /staff/translations lists what is missing or out of date).`;

/**
 * A translated collection in a language, but its fields: its name and files ("Job openings
 * (Deutsch)", content/jobs/de/*), its first field naming each file and listed, its body (decision 0168).
 */
const collectionIn = <F extends string>(key: TranslatedKey, code: string, name: string, slugField: F) => {
  const { label, dir, body } = translatedTypes[key];
  return {
    label: `${label} (${name})`,
    path: `content/${dir(code)}/*` as const,
    slugField,
    columns: [slugField],
    format: body ? { contentField: body } : { data: "yaml" as const },
  };
};

/** A translation's first words, which name its file: the English entry's id, unchanged, joins the two (decision 0168). */
function idField(key: TranslatedKey, label: string, id: string, { hint, min = 1, max }: { hint?: string; min?: number; max?: number } = {}) {
  return fields.slug({
    name: { label, description: [sourceHint(translatedTypes[key].label), hint].filter(Boolean).join(" "), validation: { length: { min, max } } },
    slug: { label: "Id (file name)", description: `The English ${id}, unchanged: it joins the translation to its source.` },
  });
}

function faqEntriesIn(code: string, name: string) {
  return collection({
    ...collectionIn("faqEntries", code, name, "question"),
    schema: {
      question: idField("faqEntries", "Question", "question's id", { min: 5 }),
      answer: richText("Answer", placeholderHelp),
    },
  });
}

function faqPageIn(code: string, name: string) {
  return singleton({
    label: `FAQ: heading, intro (${name})`,
    path: `content/faq/${code}`,
    format: { data: "yaml" },
    schema: {
      heading: text("Heading above the questions", { description: sourceHint(translatedTypes.faqPage.label) }),
      intro: text("Intro", { multiline: true, min: 20 }),
    },
  });
}

function pagesIn(code: string, name: string) {
  return collection({
    label: `${translatedTypes.pages.label} (${name})`,
    path: `content/pages/${code}/*`,
    slugField: "title",
    format: { data: "yaml" },
    columns: ["title"],
    schema: {
      title: fields.slug({
        name: { label: "Title", description: sourceHint(translatedTypes.pages.label), validation: { length: { min: 1 } } },
        slug: { label: "Page (file name)", description: "The English page's id, unchanged." },
      }),
      heading: text("Banner heading"),
      breadcrumb: text("Breadcrumb"),
      description: text("Search description", { multiline: true, min: 50, max: 170 }),
    },
  });
}

// Decision 0168: a job's words (title, department, country, description); its dates, place, type and salary are the English entry's.
function jobsIn(code: string, name: string) {
  return collection({
    ...collectionIn("jobs", code, name, "title"),
    schema: {
      title: idField("jobs", "Job title", "job's file name (the page's address stays the same)", {
        hint: "Also fills the Position field of the application form on this language's pages.",
        max: fieldMaxLength.position,
      }),
      department: text("Department"),
      location: fields.object({ country: text("Country", { description: "As shown on the page; the city and the country code stay the English entry's." }) }, { label: "Location" }),
      description: richText("Description", placeholderHelp),
    },
  });
}

// Decision 0168: every text of the privacy notice, the same fields as the English one (app/content/studio/privacy.ts) but its date.
function privacyIn(code: string, name: string) {
  const { updated: _date, ...words } = privacy.schema;
  return singleton({
    label: `${translatedTypes.privacy.label} (${name})`,
    path: `content/privacy/${code}`,
    format: { data: "yaml" },
    schema: {
      ...words,
      intro: text("Intro: who is responsible, and how to reach them", { multiline: true, description: `${sourceHint(translatedTypes.privacy.label)} ${placeholderHelp} A blank line starts a new paragraph.` }),
    },
  });
}

// Decision 0168: a certificate record's words (name, holder, scope); its number, issuer, dates, links and file are the English entry's.
function certificateRecordsIn(code: string, name: string) {
  return collection({
    ...collectionIn("certificateRecords", code, name, "name"),
    schema: {
      name: idField("certificateRecords", "Name", "record's file name", { hint: "A standard's own name usually stays as it is.", max: 120 }),
      holder: text("Holder"),
      scope: fields.text({ label: "Scope", description: "Leave empty if the English record has none.", multiline: true, validation: { length: { max: 300 } } }),
    },
  });
}

// Decision 0169: a home section's words; its videos, pictures, links and the partner certificates' names are the English file's.
const pausePlayWords = () => fields.object({ pause: text("While it moves"), play: text("While it is paused") }, { label: "Pause/play button (screen readers)" });
const sameCount = (what: string, max: number) => `As many ${what} as the English section, in its order (at most ${max}).`;
const homeSectionWords = {
  homeHero: () => ({
    lead: text("Lead", { multiline: true, description: placeholderHelp }),
    certificatesLabel: text("Label of the certificate images"),
    playNote: text("Note after five plays", { multiline: true }),
    cta: fields.object({ label: text("Label") }, { label: "Button (its link is the English one's)" }),
    secondaryCta: fields.object({ label: text("Label") }, { label: "Second button (its link is the English one's)" }),
    pausePlay: pausePlayWords(),
  }),
  homeTrustedPartner: () => ({
    heading: text("Heading"),
    paragraphs: fields.array(text("Paragraph", { multiline: true, description: placeholderHelp }), {
      label: "Paragraphs",
      description: sameCount("paragraphs", homeListMax.paragraphs),
      itemLabel: (p) => p.value.slice(0, 60),
      validation: { length: { min: 1, max: homeListMax.paragraphs } },
    }),
    facts: fields.array(fields.object({ value: text("Figure", { description: placeholderHelp }), label: text("Label") }), {
      label: "Key figures",
      description: sameCount("figures", homeListMax.facts),
      itemLabel: (p) => p.fields.value.value,
      validation: { length: { min: 1, max: homeListMax.facts } },
    }),
  }),
  homeCategoryShares: () => ({ ...section(), chartLabel: text("Name of the chart (screen readers)") }),
  homeCertificates: section,
  homeWhyChooseUs: () => ({ ...section(), pausePlay: pausePlayWords() }),
  homeStrengths: section,
  homeValues: section,
  homeBanner: () => ({
    alt: fields.text({ label: "Image description", description: "Leave empty when the English one is empty (the image is only decoration)." }),
    heading: text("Heading", { description: placeholderHelp }),
    text: text("Text", { multiline: true }),
  }),
  homeConcept: () => ({
    heading: text("Heading"),
    intro: text("Intro", { multiline: true, min: 20 }),
    values: fields.array(
      fields.object({ title: text("Title"), description: text("Description", { multiline: true, min: 20, max: 200 }) }),
      { label: "Values (numbered 01, 02, … in the English order)", itemLabel: (p) => p.fields.title.value, validation: { length: { min: homeListMax.concept, max: homeListMax.concept } } },
    ),
  }),
  homeTeam: section,
  homeGetInTouch: () => ({
    ...section(),
    interimBefore: text("Before the e-mail address (shown until the form loads)"),
    interimMiddle: text("Between e-mail and phone"),
    interimLinkLabel: text("Link to the contact page"),
  }),
} satisfies Record<(typeof homeSectionKeys)[number], () => Record<string, unknown>>;

function homeSectionIn(key: (typeof homeSectionKeys)[number], code: string, name: string) {
  const type = translatedTypes[key];
  return singleton({
    label: `${type.label} (${name})`,
    path: `content/${type.dir(code)}`,
    format: { data: "yaml" },
    schema: homeSectionWords[key]() as ReturnType<(typeof homeSectionWords)["homeConcept"]>,
  });
}

// Decision 0169: every text of the mission page; the same fields as the English one (app/content/studio/company.ts).
function missionIn(code: string, name: string) {
  return singleton({
    label: `${translatedTypes.mission.label} (${name})`,
    path: `content/${translatedTypes.mission.dir(code)}`,
    format: { data: "yaml" },
    schema: mission.schema,
  });
}

// Decision 0170: the other company pages' words. A page whose every field is a word has the English
// schema; the others a schema of their words only (the pictures, video files, payment codes,
// inspection companies, organogram ids and Company facts' lists stay the English file's). The
// words the specification fixes in English ("Company Profile Download", "Team Members") are free
// words here, as the pages' fixed parts' (decision 0167).
const sameCountAs = (what: string) => `As many ${what} as the English page, in its order.`;
const wordList = <T extends Record<string, ReturnType<typeof text>>>(label: string, item: T, itemLabel: (p: Record<string, { value: string }>) => string) =>
  fields.array(fields.object(item), { label, description: sameCountAs(label.toLowerCase()), itemLabel: (p) => itemLabel(p.fields as unknown as Record<string, { value: string }>) });
const orgUnitWords = (depth: number): ReturnType<typeof fields.object> => {
  const unit = { title: text("Title"), detail: fields.text({ label: "Detail", description: "Empty where the English unit's is." }) };
  if (depth === 0) return fields.object(unit);
  return fields.object({
    ...unit,
    children: fields.array(orgUnitWords(depth - 1), {
      label: "Reports to this unit",
      description: sameCountAs("units"),
      itemLabel: (p) => String((p.fields as unknown as { title: { value: string } }).title.value),
    }),
  });
};
const companyWords = {
  about: () => ({
    introHeading: text("Heading of the intro", { description: sourceHint(translatedTypes.about.label) }),
    intro: richText("Who we are", placeholderHelp),
    factsHeading: text("Heading of the key facts"),
    facts: wordList("Key facts", { label: text("Label", { description: placeholderHelp }), value: text("Value", { description: placeholderHelp }) }, (p) => p.label!.value),
    sections: wordList(
      "Sections",
      { heading: text("Heading", { description: placeholderHelp }), body: text("Text", { multiline: true, description: `${placeholderHelp} The list under it is the English page's.` }) },
      (p) => p.heading!.value,
    ),
    profile: fields.object({ label: text("Button label"), note: text("Note beside the button"), ...profilePdfWords() }, { label: "Company profile PDF" }),
    image: fields.object({ alt: text("Image description", { description: placeholderHelp }) }, { label: "Image (the picture is the English page's)" }),
    teamHeading: text("Team heading"),
  }),
  mdMessage: () => mdMessage.schema,
  // Decision 0176: the PDCA steps' and the goal cards' names, fixed in English, are free words here.
  compliance: () => ({ ...compliance.schema, cycle: fields.object({ ...compliance.schema.cycle.fields, names: pdcaNames(false) }, { label: "Plan, Do, Check, Act" }) }),
  goals: () => ({ ...goals.schema, values: fields.object({ ...goals.schema.values.fields, names: goalNames(false) }, { label: "The four value cards" }) }),
  organization: () => ({
    intro: text("Intro", { multiline: true, min: 40, description: sourceHint(translatedTypes.organization.label) }),
    chartTitle: text("Chart title"),
    root: orgUnitWords(3),
  }),
  services: () => ({
    intro: services.schema.intro,
    offered: services.schema.offered,
    products: services.schema.products,
    payment: fields.object(
      { heading: text("Heading"), intro: text("Intro"), modes: wordList("Payment modes", { name: text("Name") }, (p) => p.name!.value) },
      { label: "Payment modes (the codes TT, L/C, DAP stay as they are)" },
    ),
    video: fields.object(
      { heading: text("Heading"), caption: text("Caption"), video: fields.object({ label: text("Label (screen readers)") }, { label: "Video (its files are the English page's)" }) },
      { label: "Video section" },
    ),
  }),
  quality: () => {
    const { companies: _companies, ...inspection } = quality.schema.inspection.fields;
    return { ...quality.schema, inspection: fields.object(inspection, { label: "Inspection (the companies' names are the English page's)" }) };
  },
  strengthPage: () => strengthPage.schema,
} satisfies Record<(typeof companyPageKeys)[number], () => Record<string, unknown>>;

// Decision 0170: the lists the home and company pages share; each translation's first field names its
// file by the English entry's id. A team member's name is the English entry's: the role is the first field.
const sharedListWords = {
  strengths: () => ({
    name: idField("strengths", "Name", "strength's file name"),
    description: text("Description", { multiline: true, min: 20 }),
  }),
  values: () => ({
    title: idField("values", "Title", "value's file name"),
    description: text("Description", { multiline: true, min: 20, max: 140 }),
  }),
  team: () => ({
    role: idField("team", "Role", "member's file name (the name and photo stay the English entry's)"),
    text: fields.text({ label: "Quote", description: "Empty where the English quote is.", multiline: true }),
  }),
  certificates: () => ({ label: idField("certificates", "Label", "card's file name", { hint: "A standard's own name usually stays as it is." }) }),
  categoryShares: () => ({ label: idField("categoryShares", "Category", "category's file name", { hint: "Shown beside its bar on the home page: keep it short." }) }),
} satisfies Record<(typeof sharedListKeys)[number], () => Record<string, unknown>>;

function sharedListIn(key: (typeof sharedListKeys)[number], code: string, name: string) {
  const words = sharedListWords[key]() as ReturnType<(typeof sharedListWords)["strengths"]>;
  return collection({ ...collectionIn(key, code, name, Object.keys(words)[0] as "name"), schema: words });
}

function companyPageIn(key: (typeof companyPageKeys)[number], code: string, name: string) {
  const type = translatedTypes[key];
  return singleton({
    label: `${type.label} (${name})`,
    path: `content/${type.dir(code)}`,
    format: type.body ? { contentField: type.body } : { data: "yaml" },
    schema: companyWords[key]() as ReturnType<(typeof companyWords)["organization"]>,
  });
}

// Decision 0169: the site's words (content/site.yaml's tagline). Decision 0176: the facts a visitor
// reads in words, each list by place (as many as Company facts' list, in its order: a shorter or
// emptier list shows the English one); names, numbers and the standards' names are the English file's.
function siteIn(code: string, name: string) {
  const factList = (label: string, item: string, hint = "") =>
    fields.array(text(item), {
      label,
      description: `Company facts' ${label.toLowerCase()} in this language, as many as the English list, in its order (at most ${siteListMax}); until then the English list is shown.${hint}`,
      itemLabel: (p) => p.value,
      validation: { length: { max: siteListMax } },
    });
  return singleton({
    label: `${translatedTypes.site.label} (${name})`,
    path: `content/${translatedTypes.site.dir(code)}`,
    format: { data: "yaml" },
    schema: {
      tagline: text("Tagline", { description: `${sourceHint("Site")} Shown under the name in the header and footer, and above the home page's heading.` }),
      headOffice: fields.object({ country: fields.text({ label: "Country", description: "The head office's country in this language; left empty, the English one is shown." }) }, { label: "Head office" }),
      factoryCountries: factList("Factory and fabric sourcing countries", "Country"),
      officeCountries: factList("Office countries", "Country"),
      cottonTypes: factList("Cotton types", "Cotton type", " {site.cottonTypes} names them in a text of this language (\"CIMA, BCI und Bio\")."),
      productFamilies: factList("Product families", "Product family", " The about and services pages list them."),
    },
  });
}

// The words of a page's fixed parts (decision 0167): a singleton each, translated whole, holding
// the English singleton's words and none of its addresses, pictures or numbers. The words the
// specification fixes in English ("Get In Touch", "Show map") are free words here.

function contactIn(code: string, name: string) {
  const hint = { description: sourceHint(translatedTypes.contact.label) };
  return singleton({
    label: `${translatedTypes.contact.label} (${name})`,
    path: `content/contact/${code}`,
    format: { data: "yaml" },
    schema: {
      detailsHeading: text("Heading of the address block", hint),
      addressLabel: text("Address label"),
      emailLabel: text("E-mail label"),
      phoneLabel: text("Phone label"),
      map: fields.object(
        { title: text("Map title"), linkLabel: text("Link label"), previewAlt: text("Sketch map description"), showLabel: text("Show button"), note: text("Note") },
        { label: "Map" },
      ),
      form: fields.object({ heading: text("Heading"), intro: text("Intro", { multiline: true }) }, { label: "Get In Touch form" }),
    },
  });
}

function careerIn(code: string, name: string) {
  const { intro, retentionNotice } = career.schema;
  return singleton({
    label: `${translatedTypes.career.label} (${name})`,
    path: `content/career/${code}`,
    format: { data: "yaml" },
    schema: { heading: text("Heading", { description: sourceHint(translatedTypes.career.label) }), intro, retentionNotice },
  });
}

function jobsPageIn(code: string, name: string) {
  // Every field of the English texts is a word: the same fields, the slots ({title} …) kept.
  return singleton({ label: `${translatedTypes.jobsPage.label} (${name})`, path: `content/jobs/${code}`, format: { data: "yaml" }, schema: jobsPage.schema });
}

function catalogueIn(code: string, name: string) {
  // The home carousel's card words (cardLink) are the home page's, not translated here.
  const { cardLink: _cardLink, ...certificates } = catalogue.schema.certificates.fields;
  return singleton({
    label: `${translatedTypes.catalogue.label} (${name})`,
    path: `content/gallery/catalogue/${code}`,
    format: { data: "yaml" },
    schema: {
      specs: fields.object(
        {
          ...catalogue.schema.specs.fields,
          heading: text("Heading of a product's specifications", { description: sourceHint("Catalogue, product pages and line sheets: words") }),
        },
        { label: "Product specifications (product pages, catalogue)" },
      ),
      certificates: fields.object(certificates, { label: "Certificates (compliance page, product pages)" }),
      filter: catalogue.schema.filter,
      // Decision 0171: the choices' names go with the products.
      constructions: catalogue.schema.constructions,
      cottonTypes: catalogue.schema.cottonTypes,
      customisations: catalogue.schema.customisations,
      // Decision 0175: the line sheets (PDF) in this language once all their words are here.
      lineSheets: catalogue.schema.lineSheets,
    },
  });
}

// Decision 0171: a gallery family's name; its order and video are the English entry's.
function galleryFamiliesIn(code: string, name: string) {
  return collection({
    ...collectionIn("galleryFamilies", code, name, "label"),
    schema: { label: idField("galleryFamilies", "Name", "family's page address (the page's address stays the same)") },
  });
}

// Decision 0171: a gallery product's words (its name, its photos' titles and colourways by place,
// the specification's words); its order, photos, video, codes, measures and terms are the English entry's.
function galleryItemsIn(code: string, name: string) {
  const optional = (label: string, description?: string, multiline = false) => fields.text({ label, description, multiline, validation: { length: { max: 600 } } });
  return collection({
    ...collectionIn("galleryItems", code, name, "label"),
    // The id is the English item's address, family/item (men/tshirt), as the English collection's.
    path: `content/${translatedTypes.galleryItems.dir(code)}/**`,
    schema: {
      label: fields.slug({
        name: { label: "Name", description: sourceHint(translatedTypes.galleryItems.label), validation: { length: { min: 1 } } },
        slug: {
          label: "Id (file name)",
          description: "The English product's page address (family/item, e.g. men/tshirt), unchanged: it joins the translation to its source.",
          validation: { pattern: { regex: galleryItemSlugPattern, message: "Id must be the English product's family/item, e.g. men/tshirt" } },
        },
      }),
      photos: fields.array(
        fields.object({
          title: optional("Title", "The English photo's title in this place (left empty: the page's word for 'Name of products')."),
          colourway: optional("Colourway", "Left empty where the English photo has none."),
        }),
        {
          label: "Photos' words, in the English product's order",
          description: `As many as the English product has photos (at most ${galleryListMax.photos}); a translation with fewer shows the English product.`,
          itemLabel: (p) => p.fields.title.value || "Photo",
          validation: { length: { max: galleryListMax.photos } },
        },
      ),
      specs: fields.object(
        {
          description: optional("Short description", undefined, true),
          material: optional("Material"),
          compositions: fields.array(optional("Composition"), {
            label: "Compositions, in the English order",
            itemLabel: (p) => p.value,
            validation: { length: { max: galleryListMax.compositions } },
          }),
          sizes: optional("Sizes", "Written as buyers in this language read sizes (S–3XL often stays as it is)."),
          samples: optional("Samples", undefined, true),
        },
        { label: "Specification's words (only those the English product has)" },
      ),
    },
  });
}

// Decision 0179: the interface words files (decisions 0160, 0166), each language's whole: the English
// file's fields, every one needed (the build stops on a gap; there is no English fallback), each
// `{slot}` checked as in the English file (`template`). The first field's description names the
// English singleton, the source; each field is labelled as the English one's, so the two forms read
// side by side. The words the specification fixes in English ("Sending...") are free words here.
const wholeSourceHint = (english: string) =>
  `${sourceHint(english)} Every field is needed (the site shows no English in their place) and keeps each {slot} of the English words.`;

function quoteIn(code: string, name: string) {
  return singleton({
    label: `${translatedTypes.quote.label} (${name})`,
    path: `content/${translatedTypes.quote.dir(code)}`,
    format: { data: "yaml" },
    schema: { ...quoteWordsSchema, title: text("Page title", { description: wholeSourceHint(translatedTypes.quote.label) }) },
  });
}

function formResultsIn(code: string, name: string) {
  const { contact, career: careerResults } = formResultsWordsSchema;
  return singleton({
    label: `${translatedTypes.formResults.label} (${name})`,
    path: `content/${translatedTypes.formResults.dir(code)}`,
    format: { data: "yaml" },
    schema: { contact: fields.object(contact.fields, { label: "Contact form", description: wholeSourceHint(translatedTypes.formResults.label) }), career: careerResults },
  });
}

function messagesIn(code: string, name: string) {
  return singleton({
    label: `${translatedTypes.messages.label} (${name})`,
    path: `content/${translatedTypes.messages.dir(code)}`,
    format: { data: "yaml" },
    schema: {
      ...messagesSchema,
      language: fields.object(messagesSchema.language.fields, { label: "Language switcher", description: wholeSourceHint("Interface words (English, the source)") }),
    },
  });
}

// Decision 0179: the buyer's words (decision 0164, content/translations/<code>/), read by the server
// with each publish. Every word may be left empty (the buyer then reads the English one); a word
// given keeps the English word's {slots} (the build's reader checks them exactly). The fields are
// made from the English words the server falls back to, each quoted in its field's description.
const slotsOf = (words: string) => [...new Set([...words.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))];
const labelOfKey = (key: string) => key.replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase());

function buyerWord(label: string, english: string, edited: boolean) {
  const slots = slotsOf(english).map((slot) => `{${slot}}`);
  const needs = slotsOf(english).map((slot) => `(?=[\\s\\S]*\\{${slot}\\})`).join("");
  return fields.text({
    label,
    description: `English${edited ? " (as first written; the company's own are in “Quotations”)" : ""}: “${english}”. Left empty, the buyer reads the English words.${slots.length ? ` Keep ${slots.join(", ")}.` : ""}`,
    multiline: english.length > 80,
    validation: {
      length: { min: 0, max: 2000 },
      ...(slots.length && { pattern: { regex: new RegExp(`^(|${needs}[\\s\\S]*)$`), message: `${label} must contain ${slots.join(", ")}, or be empty` } }),
    },
  });
}

/** A group of the server's English words as fields, group by group; `edited`: the English studio's Quotations words them (the page). */
function buyerWordsOf(english: object, edited = false): Record<string, ComponentSchema> {
  return Object.fromEntries(
    Object.entries(english).map(([key, words]) => [
      key,
      typeof words === "string" ? buyerWord(labelOfKey(key), words, edited) : fields.object(buyerWordsOf(words as object, edited), { label: labelOfKey(key) }),
    ]),
  );
}

function quotationWordsIn(code: string, name: string) {
  const draftTerms = (label: string) =>
    fields.text({ label, description: "The English is content/quotations.yaml's (Quotations). Left empty: a draft for this language's buyer starts with the English.", multiline: true, validation: { length: { min: 0, max: 2000 } } });
  return singleton({
    label: `${translatedTypes.quotations.label} (${name})`,
    path: `content/${translatedTypes.quotations.dir(code)}`,
    format: { data: "yaml" },
    schema: {
      paymentTerms: draftTerms("A new draft's payment terms"),
      sampleTerms: draftTerms("A new draft's sample terms"),
      terms: draftTerms("A new draft's other terms"),
      paymentModes: fields.object(Object.fromEntries(paymentModes.map((mode) => [mode, fields.text({ label: `Payment mode "${mode}"`, validation: { length: { min: 0, max: 200 } } })])), {
        label: "Payment modes, by their code",
      }),
      page: fields.object(buyerWordsOf(quotationPageWordsDefaults, true), { label: "The buyer's quotation page" }),
      pdf: fields.object(buyerWordsOf(quotationPdfWordsDefaults), { label: "The quotation's PDF" }),
      acknowledgement: fields.object(buyerWordsOf(acknowledgementWordsDefaults), { label: "The quote request's acknowledgement (e-mail)" }),
    },
  });
}

function replyTemplatesIn(code: string, name: string) {
  return singleton({
    label: `${translatedTypes.replyTemplates.label} (${name})`,
    path: `content/${translatedTypes.replyTemplates.dir(code)}`,
    format: { data: "yaml" },
    schema: {
      templates: fields.array(
        fields.object({
          english: text("The English template's name, as in Reply templates", { max: 80 }),
          name: text("Name in this language", { max: 80 }),
          text: text("Text", { multiline: true, description: "Keep the English template's {name}, {reference}, {staff} … A template without a translation is offered in English." }),
        }),
        { label: "Templates", itemLabel: (props) => props.fields.english.value || "Template" },
      ),
    },
  });
}

// Decision 0174: the static gallery pages' cards' titles, three a page in the English order; the
// videos and the cards' pictures are the English file's.
function galleryShowcasesIn(code: string, name: string) {
  const type = translatedTypes.galleryShowcases;
  const page = (label: string, hint?: string) =>
    fields.object(
      {
        cards: fields.array(fields.object({ title: text("Title", hint ? { description: hint } : {}) }), {
          label: "Cards' titles, in the English page's order",
          description: `As many as the English page has cards (${showcaseCards}); a card without one shows the English title.`,
          itemLabel: (p) => p.fields.title.value,
          validation: { length: { max: showcaseCards } },
        }),
      },
      { label },
    );
  return singleton({
    label: `${type.label} (${name})`,
    path: `content/${type.dir(code)}`,
    format: { data: "yaml" },
    schema: {
      fashionAccessories: page("Fashion Accessories (/gallery/fashion-accessories)", sourceHint("Gallery showcase pages")),
      homeTextile: page("Home Textile (/gallery/home-textile)"),
      nonTextile: page("Non Textile (/gallery/non-textile)"),
    } satisfies Record<(typeof galleryShowcasePages)[number], unknown>,
  });
}

/** Every translated language's collections and singletons, by studio key. */
export function translationTypes(locales: readonly ContentLocale[]) {
  const collections: Record<
    string,
    | ReturnType<typeof faqEntriesIn>
    | ReturnType<typeof pagesIn>
    | ReturnType<typeof jobsIn>
    | ReturnType<typeof certificateRecordsIn>
    | ReturnType<typeof galleryFamiliesIn>
    | ReturnType<typeof galleryItemsIn>
    | ReturnType<typeof sharedListIn>
  > = {};
  const singletons: Record<
    string,
    | ReturnType<typeof faqPageIn>
    | ReturnType<typeof privacyIn>
    | ReturnType<typeof contactIn>
    | ReturnType<typeof careerIn>
    | ReturnType<typeof jobsPageIn>
    | ReturnType<typeof catalogueIn>
    | ReturnType<typeof homeSectionIn>
    | ReturnType<typeof missionIn>
    | ReturnType<typeof siteIn>
    | ReturnType<typeof companyPageIn>
    | ReturnType<typeof quoteIn>
    | ReturnType<typeof formResultsIn>
    | ReturnType<typeof messagesIn>
    | ReturnType<typeof quotationWordsIn>
    | ReturnType<typeof replyTemplatesIn>
    | ReturnType<typeof galleryShowcasesIn>
  > = {};
  const navigation: Record<string, string[]> = {};
  for (const { code, name } of locales) {
    collections[translationKey("faqEntries", code)] = faqEntriesIn(code, name);
    singletons[translationKey("faqPage", code)] = faqPageIn(code, name);
    collections[translationKey("pages", code)] = pagesIn(code, name);
    collections[translationKey("jobs", code)] = jobsIn(code, name);
    singletons[translationKey("privacy", code)] = privacyIn(code, name);
    collections[translationKey("certificateRecords", code)] = certificateRecordsIn(code, name);
    for (const key of homeSectionKeys) singletons[translationKey(key, code)] = homeSectionIn(key, code, name);
    singletons[translationKey("mission", code)] = missionIn(code, name);
    singletons[translationKey("site", code)] = siteIn(code, name);
    singletons[translationKey("contact", code)] = contactIn(code, name);
    singletons[translationKey("career", code)] = careerIn(code, name);
    singletons[translationKey("jobsPage", code)] = jobsPageIn(code, name);
    singletons[translationKey("catalogue", code)] = catalogueIn(code, name);
    for (const key of companyPageKeys) singletons[translationKey(key, code)] = companyPageIn(key, code, name);
    for (const key of sharedListKeys) collections[translationKey(key, code)] = sharedListIn(key, code, name);
    collections[translationKey("galleryFamilies", code)] = galleryFamiliesIn(code, name);
    collections[translationKey("galleryItems", code)] = galleryItemsIn(code, name);
    singletons[translationKey("quote", code)] = quoteIn(code, name);
    singletons[translationKey("formResults", code)] = formResultsIn(code, name);
    singletons[translationKey("messages", code)] = messagesIn(code, name);
    singletons[translationKey("quotations", code)] = quotationWordsIn(code, name);
    singletons[translationKey("replyTemplates", code)] = replyTemplatesIn(code, name);
    singletons[translationKey("galleryShowcases", code)] = galleryShowcasesIn(code, name);
    navigation[`Translations: ${name} (${code})`] = translatedKeys.map((key) => translationKey(key, code));
  }
  return { collections, singletons, navigation };
}


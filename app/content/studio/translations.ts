import { collection, fields, singleton } from "@keystatic/core";
import { translatedKeys, translatedTypes, translationKey, type ContentLocale } from "../../lib/contracts/content-translations";
import { richText, text, placeholderHelp } from "./fields";
import { career } from "./forms";
import { jobsPage } from "./jobs";
import { catalogue } from "./products";

// Content per language (decision 0165; the layout: app/lib/contracts/content-translations.ts), so
// Keystatic's content i18n (its `{locale}` path token) can take these types over without moving a file.
// Until then the studio gets one collection or singleton per translated type and per language,
// made from content/locales.yaml: a fifth language is an entry there, no code. A translation holds
// only the words that change between languages; everything else (order, photos, videos) is the
// English entry's, and an entry or a field not translated yet shows the English one, marked as such.

const sourceHint = (english: string) => `Translate the English entry of the same id in “${english}” (its text is the source; the translation report at /staff/translations lists what is missing or out of date).`;

function faqEntriesIn(code: string, name: string) {
  return collection({
    label: `${translatedTypes.faqEntries.label} (${name})`,
    path: `content/faq/${code}/*`,
    slugField: "question",
    format: { contentField: "answer" },
    columns: ["question"],
    schema: {
      question: fields.slug({
        name: { label: "Question", description: sourceHint(translatedTypes.faqEntries.label), validation: { length: { min: 5 } } },
        slug: { label: "Id (file name)", description: "The English question's id, unchanged: it joins the translation to its source." },
      }),
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
          heading: text("Heading of a product's specifications", { description: sourceHint("Catalogue, product pages and line sheets: words") }),
          certificates: text("Certificates"),
        },
        { label: "Product page headings" },
      ),
      certificates: fields.object(certificates, { label: "Certificates (compliance page, product pages)" }),
      filter: catalogue.schema.filter,
    },
  });
}

/** Every translated language's collections and singletons, by studio key. */
export function translationTypes(locales: readonly ContentLocale[]) {
  const collections: Record<string, ReturnType<typeof faqEntriesIn> | ReturnType<typeof pagesIn>> = {};
  const singletons: Record<string, ReturnType<typeof faqPageIn> | ReturnType<typeof contactIn> | ReturnType<typeof careerIn> | ReturnType<typeof jobsPageIn> | ReturnType<typeof catalogueIn>> = {};
  const navigation: Record<string, string[]> = {};
  for (const { code, name } of locales) {
    collections[translationKey("faqEntries", code)] = faqEntriesIn(code, name);
    singletons[translationKey("faqPage", code)] = faqPageIn(code, name);
    collections[translationKey("pages", code)] = pagesIn(code, name);
    singletons[translationKey("contact", code)] = contactIn(code, name);
    singletons[translationKey("career", code)] = careerIn(code, name);
    singletons[translationKey("jobsPage", code)] = jobsPageIn(code, name);
    singletons[translationKey("catalogue", code)] = catalogueIn(code, name);
    navigation[`Translations: ${name} (${code})`] = translatedKeys.map((key) => translationKey(key, code));
  }
  return { collections, singletons, navigation };
}


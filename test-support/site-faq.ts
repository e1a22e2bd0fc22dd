import { readSiteContent } from "../app/content/reader/site-content.server";
import { richTextToPlain } from "../app/content/rich-text";

/** A FAQ entry as the site's build reads it from `contentDir` in a language (decision 0165): question, answer as text, its `lang`. */
export async function faqEntryShown(contentDir: string, code: string, id: string) {
  const { modules } = await readSiteContent(contentDir);
  const entry = modules.faqs[code]?.entries.find((e) => e.id === id);
  return entry && { question: entry.question, answer: richTextToPlain(entry.answer), lang: entry.lang };
}

/** A job as the site's build reads it from `contentDir` in a language (decision 0168): title, department, location, description as text, its `lang`. */
export async function jobShown(contentDir: string, code: string, slug: string) {
  const { modules } = await readSiteContent(contentDir);
  const job = modules.localizedJobs[code]?.find((j) => j.slug === slug);
  return job && { title: job.title, department: job.department, location: job.location.text, description: richTextToPlain(job.description), lang: job.lang };
}

/** The home page's Our Concept as the site's build reads it from `contentDir` in a language (decision 0169): heading, value titles, its `lang`. */
export async function homeConceptShown(contentDir: string, code: string) {
  const { modules } = await readSiteContent(contentDir);
  const concept = modules.homeSections[code]?.concept;
  return concept && { heading: concept.heading, titles: concept.values.map((v) => v.title), lang: concept.lang };
}

/** The organogram as the site's build reads it from `contentDir` in a language (decision 0170): its units and its `lang`. */
export async function organizationShown(contentDir: string, code: string) {
  const { modules } = await readSiteContent(contentDir);
  return modules.companyPages[code]?.organization;
}

/** A gallery product's name, photos' titles and `lang` as the build's reader gives them in a language (decision 0171). */
export async function galleryItemShown(contentDir: string, code: string, family: string, item: string) {
  const content = await readSiteContent(contentDir);
  const shown = content.galleries[code]?.families.find((f) => f.slug === family)?.items.find((i) => i.slug === item);
  return shown && { label: shown.label, titles: shown.photos.map((p) => p.title), lang: shown.lang };
}

/** A gallery family's name and `lang` as the build's reader gives them in a language (decision 0171). */
export async function galleryFamilyShown(contentDir: string, code: string, family: string) {
  const content = await readSiteContent(contentDir);
  const shown = content.galleries[code]?.families.find((f) => f.slug === family);
  return shown && { label: shown.label, lang: shown.lang };
}

/** The services page's product families (Company facts in words, decision 0176) as a language's page shows them, with their `lang`. */
export async function productFamiliesShown(contentDir: string, code: string) {
  const { modules } = await readSiteContent(contentDir);
  const products = modules.companyPages[code]?.services.products;
  return products && { items: products.items, itemsLang: products.itemsLang };
}

/** The offices' countries as a language's footer and contact page name them (decision 0181), with their `lang`. */
export async function officeCountriesShown(contentDir: string, code: string) {
  const { modules } = await readSiteContent(contentDir);
  return modules.messages[code]?.site.officeCountries;
}

/** A static gallery page's cards' titles and their `lang` as the build's reader gives them in a language (decision 0174). */
export async function showcaseTitlesShown(contentDir: string, code: string, page: "fashionAccessories" | "homeTextile" | "nonTextile") {
  const content = await readSiteContent(contentDir);
  return content.modules.galleryShowcases[code]?.[page].cards.map((card) => [card.title, card.lang]);
}

/** A language's company profile PDF as the build makes it from `contentDir` (decision 0188): its file and its own words; none where the language has none. */
export async function companyProfileShown(contentDir: string, code: string) {
  return (await readSiteContent(contentDir)).companyProfiles[code];
}

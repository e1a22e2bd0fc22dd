// Build step: what the server needs from the content at run time (app/lib/contracts/server-settings.ts),
// from the build's one content read. Written beside the client files, so the served build and its
// settings always change together: a studio save reaches the server with the next publish.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { originOf } from "../../../app/lib/absolute-url.ts";
import { specFacts } from "../../../app/content/reader/products.server.ts";
import { headOfficeAddress, siteTagline } from "../../../app/content/reader/site-content.server.ts";
import { bankDetailsOf, quotationSettingsDefaults, serverSettingsFile, signatoryOf } from "../../../app/lib/contracts/server-settings.ts";

/** The facts of a product's specification that describe it (its terms are said apart). */
const summaryFacts = new Set(["construction", "gauge", "material", "composition", "cotton", "fabricWeight", "sizes"]);

/** Each gallery product's name, own terms and specification summary (decision 0078): the quote endpoint and its mails. */
export function productSettings(content) {
  const products = {};
  for (const family of content.gallery ?? []) {
    for (const item of family.items) {
      const facts = content.catalogue ? specFacts(item.specs, content.catalogue) : [];
      const fact = (key) => facts.find((f) => f.key === key);
      products[`${family.slug}/${item.slug}`] = {
        label: `${family.label} ${item.label}`,
        moqPiecesPerColour: item.specs.terms.moqPiecesPerColour,
        leadTimeDays: item.specs.terms.leadTimeDays,
        summary: facts
          .filter((f) => summaryFacts.has(f.key))
          .map((f) => `${f.label}: ${f.value}`)
          .join("; "),
        terms: [fact("moq"), fact("leadTime")]
          .filter(Boolean)
          .map((f) => `${f.label}: ${f.value}`)
          .join("; "),
      };
    }
  }
  return products;
}

/**
 * Quotations' letterhead, defaults and words (decision 0120): the company as the site names it
 * (content/site.yaml and the head office's file), the quote form's words for each payment mode (a
 * new draft's payment is the buyer's choice in them, decision 0138); the validity, payment, sample
 * and other terms and the buyer's page's words from the studio's "Quotations"
 * (content/quotations.yaml; the defaults of app/lib/contracts/server-settings.ts for content
 * without it). Not the quote page's terms box: it lists every payment mode and the whole lead-time
 * range, which a quotation's own lines make exact (decision 0138).
 */
export function quotationSettings(content) {
  const { site, quotes } = content.modules;
  // The default language's words (decision 0166: the quote form's words per language); the others' payment modes are the buyer's words (decision 0164).
  const quote = quotes?.[content.locales?.[0]?.code];
  const studio = content.quotations;
  return {
    ...quotationSettingsDefaults,
    ...(studio && { validityDays: studio.validityDays, paymentTerms: studio.paymentTerms, sampleTerms: studio.sampleTerms, terms: studio.terms || quotationSettingsDefaults.terms, page: studio.page }),
    paymentModes: { ...quotationSettingsDefaults.paymentModes, ...quote?.paymentModes },
    // The bank details and signatory at the end of the PDF (decision 0155): empty until the company fills them in.
    bankDetails: bankDetailsOf(studio?.bankDetails),
    signatory: signatoryOf(studio?.signatory),
    // The buyer's words in each other language (decision 0164): merged over the English ones where used (quotationWordsIn).
    translations: content.translations?.quotations ?? {},
    letterhead: {
      name: site.name,
      tagline: site.tagline,
      address: site.headOffice?.address ?? "",
      // The tagline and the address in each language, as the line sheets' letterhead writes them (decisions 0198, 0203): a quotation prints its lead's.
      ...(content.locales?.length
        ? {
            taglineIn: Object.fromEntries(content.locales.map(({ code }) => [code, siteTagline(content, code)])),
            addressIn: Object.fromEntries(content.locales.map(({ code }) => [code, headOfficeAddress(content, code)])),
          }
        : {}),
      email: site.email ?? "",
      phone: site.phone ?? "",
      website: (site.url ?? "").replace(/^https?:\/\//, ""),
    },
  };
}

export const serverSettings = {
  name: "server-settings",
  async run({ buildDir, content, siteUrl }) {
    /** @type {import("../../../app/lib/contracts/server-settings.ts").ServerSettings} */
    const settings = {
      applicationRetentionDays: content.modules.career.retentionDays,
      siteUrl: originOf(siteUrl, content.modules.site.url),
      products: productSettings(content),
      certificates: (content.certificates?.all ?? []).map(({ slug, name, number, holder, validUntil }) => ({ slug, name, number, holder, validUntil })),
      replyTemplates: content.replyTemplates ?? [],
      quotation: quotationSettings(content),
      // The languages a form may name, the default first, and the reply templates in each (decision 0164).
      locales: (content.locales ?? []).map((l) => l.code),
      replyTemplatesIn: content.translations?.replyTemplates ?? {},
    };
    await writeFile(join(buildDir, serverSettingsFile), `${JSON.stringify(settings, null, 2)}\n`);
    return `applications kept ${settings.applicationRetentionDays} days; ${Object.keys(settings.products).length} products; ${settings.certificates.length} certificate records`;
  },
};

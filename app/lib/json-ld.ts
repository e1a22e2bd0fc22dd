import { offices } from "~/content/offices";
import { site } from "~/content/site";
import { absoluteUrl, siteUrl } from "./site-url";

// schema.org structured data (JSON-LD) built from app/content. Rendered by
// app/components/json-ld/json-ld.tsx, or from a route's `meta` as { "script:ld+json": data }.

export type JsonLd = { "@context": "https://schema.org"; "@type": string } & Record<string, unknown>;

export const organizationId = () => `${siteUrl()}/#organization`;
const logoPath = "/icons/icon-512.png";

/** The company with its offices and contact points; on every page (app/root.tsx). */
export function organizationJsonLd(): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": organizationId(),
    name: site.name,
    alternateName: site.shortName,
    slogan: site.tagline,
    description: `${site.tagline}: trader, exporter, importer and manufacturer of textile and non-textile goods.`,
    url: absoluteUrl("/"),
    logo: absoluteUrl(logoPath),
    image: absoluteUrl("/og-image.png"),
    foundingDate: String(site.foundedYear),
    email: site.email,
    telephone: site.phoneHref,
    address: postalAddress(site.headOffice.street, site.headOffice.countryCode),
    sameAs: site.social.map((s) => s.url),
    contactPoint: offices.map((office) => ({
      "@type": "ContactPoint",
      contactType: office.isHeadOffice ? "customer service" : "sales",
      name: office.label,
      email: office.email,
      telephone: office.phoneHref,
      areaServed: "Worldwide",
      availableLanguage: "English",
    })),
    department: offices
      .filter((office) => !office.isHeadOffice)
      .map((office) => ({
        "@type": "Organization",
        name: `${site.name} - ${office.label}`,
        url: office.website,
        email: office.email,
        telephone: office.phoneHref,
        address: postalAddress(office.street, office.countryCode),
      })),
  };
}

/** The company as a JobPosting's hiringOrganization: name, website and logo. */
export function hiringOrganization() {
  return { "@type": "Organization", name: site.name, sameAs: site.url, url: absoluteUrl("/"), logo: absoluteUrl(logoPath) };
}

/** The street lines, and the country as its ISO 3166 code, which schema.org takes: one value whatever the page's language (decision 0181). */
function postalAddress(streetAddress: string, addressCountry: string) {
  return { "@type": "PostalAddress", streetAddress, addressCountry };
}

export type BreadcrumbStep = { name: string; path: string };

/** A trail of steps from the home page to the current page (the page banner's breadcrumb). */
export function breadcrumbJsonLd(steps: BreadcrumbStep[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: steps.map((step, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: step.name,
      item: absoluteUrl(step.path),
    })),
  };
}

/** A page as schema.org knows it: its address and language. `path` is the shown address (/de/faq), `inLanguage` its language's code. */
export type PageOfJsonLd = { path: string; inLanguage: string };

/**
 * Every page (app/root.tsx): a WebPage in its language (decision 0167), published by the company. Its
 * `@id` is the page's address, so a page's own node of a WebPage type (the FAQ's FAQPage) is the same page.
 */
export function webPageJsonLd({ path, inLanguage }: PageOfJsonLd): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "WebPage",
    "@id": absoluteUrl(path),
    url: absoluteUrl(path),
    inLanguage,
    publisher: { "@id": organizationId() },
  };
}

export type FaqEntry = { question: string; answer: string };

/** FAQPage for /faq (in each language, decision 0167): every question with its answer as plain text. */
export function faqPageJsonLd(entries: FaqEntry[], page?: PageOfJsonLd): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    ...(page ? { "@id": absoluteUrl(page.path), inLanguage: page.inLanguage } : {}),
    mainEntity: entries.map((entry) => ({
      "@type": "Question",
      name: entry.question,
      acceptedAnswer: { "@type": "Answer", text: entry.answer },
    })),
  };
}

/** JSON for an inline <script>: `<` escaped so no text can close the script element early. */
export function serializeJsonLd(data: JsonLd): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

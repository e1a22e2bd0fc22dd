import type { Page } from "@playwright/test";

// A structured-data check for the schema.org types the site writes: each node's required
// properties (Google's structured-data rules where schema.org itself requires none) are there and
// non-empty, and every property is one schema.org defines for the type (a typo would be ignored by
// search engines without a word). Nested nodes with an @type are checked too.

type Rule = { required: string[]; known: string[] };

const thing = ["@context", "@type", "@id", "name", "url", "image", "description", "sameAs", "alternateName", "identifier", "mainEntityOfPage"];

/** schema.org properties per type (those of its supertypes included), as far as the site uses the type. */
export const schemaRules: Record<string, Rule> = {
  Product: {
    required: ["name", "image"],
    known: [...thing, "brand", "category", "material", "hasCertification", "offers", "sku", "color", "size", "manufacturer", "countryOfOrigin"],
  },
  // https://schema.org/Certification (a CreativeWork): Google requires name and issuedBy.
  Certification: {
    required: ["name", "issuedBy"],
    known: [
      ...thing,
      "issuedBy",
      "certificationIdentification",
      "certificationRating",
      "certificationStatus",
      "validFrom",
      "expires",
      "validIn",
      "about",
      "logo",
      "auditDate",
      "hasMeasurement",
    ],
  },
  Organization: {
    required: ["name"],
    known: [...thing, "slogan", "logo", "foundingDate", "email", "telephone", "address", "contactPoint", "department", "hasCertification"],
  },
  Brand: { required: ["name"], known: [...thing, "logo"] },
  // https://schema.org/WebPage: every page, in its language (decision 0167).
  WebPage: { required: ["url", "inLanguage"], known: [...thing, "inLanguage", "publisher"] },
  PostalAddress: { required: [], known: [...thing, "streetAddress", "addressCountry", "addressLocality", "postalCode"] },
  ContactPoint: { required: [], known: [...thing, "contactType", "email", "telephone", "areaServed", "availableLanguage"] },
};

const filled = (value: unknown) => value !== undefined && value !== null && value !== "" && !(Array.isArray(value) && value.length === 0);

/** Problems of one node and the typed nodes inside it, each naming its path. */
export function structuredDataProblems(node: unknown, path = "$"): string[] {
  if (Array.isArray(node)) return node.flatMap((n, i) => structuredDataProblems(n, `${path}[${i}]`));
  if (node === null || typeof node !== "object") return [];
  const record = node as Record<string, unknown>;
  const problems: string[] = [];
  const type = record["@type"];
  if (typeof type === "string") {
    const rule = schemaRules[type];
    if (!rule) problems.push(`${path}: no rule for @type ${type} (add it to e2e/structured-data.ts)`);
    else {
      for (const property of rule.required) if (!filled(record[property])) problems.push(`${path}: ${type} needs ${property}`);
      for (const property of Object.keys(record)) if (!rule.known.includes(property)) problems.push(`${path}: ${property} is not a property of ${type}`);
    }
    if (type === "Certification") {
      const issuer = record.issuedBy as Record<string, unknown> | undefined;
      if (!filled(issuer?.name)) problems.push(`${path}: Certification needs issuedBy.name`);
      if (record.expires !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(String(record.expires))) problems.push(`${path}: expires must be a date`);
    }
  }
  for (const [key, value] of Object.entries(record)) if (typeof value === "object") problems.push(...structuredDataProblems(value, `${path}.${key}`));
  return problems;
}

/** Every JSON-LD block of the page, parsed. */
export async function jsonLdBlocks(page: Page): Promise<Record<string, unknown>[]> {
  return (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text) as Record<string, unknown>);
}

import { site } from "~/content/site";
import { type JsonLd, organizationId } from "./json-ld";
import { absoluteUrl } from "./site-url";

// schema.org Certification (decision 0076), apart from json-ld.ts: that module is in every page's shell
// (the Organization on every page); these only on the compliance page and the product pages.

export type CertificationFacts = { name: string; number: string; issuedBy: string; validFrom?: string; validUntil: string; verify: { url: string } | null };

/**
 * schema.org Certification (hasCertification of an Organization or a Product): what Google's
 * structured data reads for a certification — name and issuedBy (required), the number
 * (certificationIdentification), its validity and where to check it.
 */
export function certificationJsonLd(c: CertificationFacts) {
  return {
    "@type": "Certification",
    name: c.name,
    issuedBy: { "@type": "Organization", name: c.issuedBy },
    certificationIdentification: c.number,
    ...(c.validFrom ? { validFrom: c.validFrom } : {}),
    expires: c.validUntil,
    certificationStatus: "CertificationActive",
    ...(c.verify ? { url: c.verify.url } : {}),
  };
}

/**
 * The company's certificates as an addition to its Organization node (same @id: a reader merges the
 * two). On the compliance page only, so the other pages' JavaScript carries no certificate list.
 */
export function organizationCertificationsJsonLd(certificates: readonly CertificationFacts[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": organizationId(),
    name: site.name,
    url: absoluteUrl("/"),
    hasCertification: certificates.map(certificationJsonLd),
  };
}

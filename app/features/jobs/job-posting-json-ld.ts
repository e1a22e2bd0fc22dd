import type { Job } from "~/content/jobs";
import { richTextToHtml } from "~/content/rich-text";
import { hiringOrganization, type JsonLd } from "~/lib/json-ld";
import { absoluteUrl } from "~/lib/site-url";

/**
 * schema.org JobPosting of one opening (Google for Jobs): the description as HTML from its
 * Markdoc, the dates as written in the studio, the place as a PostalAddress, the salary when given.
 */
export function jobPostingJsonLd(job: Job, organization = hiringOrganization()): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "JobPosting",
    title: job.title,
    description: richTextToHtml(job.description),
    datePosted: job.datePosted,
    validThrough: job.validThrough,
    employmentType: job.employmentType,
    hiringOrganization: organization,
    jobLocation: {
      "@type": "Place",
      address: { "@type": "PostalAddress", addressLocality: job.location.city, addressCountry: job.location.countryCode },
    },
    ...(job.salary
      ? {
          baseSalary: {
            "@type": "MonetaryAmount",
            currency: job.salary.currency,
            value: { "@type": "QuantitativeValue", minValue: job.salary.min, maxValue: job.salary.max, unitText: job.salary.unit },
          },
        }
      : {}),
    url: absoluteUrl(job.path),
    directApply: true,
  };
}

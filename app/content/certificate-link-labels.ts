import data from "virtual:content/certificateLinkLabels";
import type { ContentModules } from "./reader/site-content.server";

// The words of the Verify and certificate-file links (content/gallery/catalogue.yaml, group
// "certificates"): the compliance page and the product pages.
export type CertificateLinkLabels = ContentModules["certificateLinkLabels"];
export const certificateLinkLabels = data as CertificateLinkLabels;

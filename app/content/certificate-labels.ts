import data from "virtual:content/certificateLabels";
import type { ContentModules } from "./reader/site-content.server";

// The compliance page's words around certificate records (content/gallery/catalogue.yaml, group
// "certificates"; the links' words are certificate-link-labels.ts).
export type CertificateLabels = ContentModules["certificateLabels"];
export const certificateLabels = data as CertificateLabels;

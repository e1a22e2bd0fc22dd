import data from "virtual:content/certificateLabels";
import type { ContentModules } from "./reader/site-content.server";

// The words around certificate records (content/gallery/catalogue.yaml, group "certificates"):
// the compliance page and the product pages.
export type CertificateLabels = ContentModules["certificateLabels"];
export const certificateLabels = data as CertificateLabels;

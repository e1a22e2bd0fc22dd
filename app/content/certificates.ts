import data from "virtual:content/certificateCards";
import type { ContentModules } from "./reader/site-content.server";

// The home page certificate carousel: content/certificates/<id>.yaml.
export type CertificateCard = ContentModules["certificateCards"][number];
export const certificateCards = data as CertificateCard[];

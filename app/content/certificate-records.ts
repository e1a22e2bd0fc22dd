import data from "virtual:content/certificateRecords";
import type { ContentModules } from "./reader/site-content.server";

// The certificate records valid on the build's day (content/certificate-records/): the compliance page.
export type CertificateRecord = ContentModules["certificateRecords"][number];
export const certificateRecords = data as CertificateRecord[];

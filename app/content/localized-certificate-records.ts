import data from "virtual:content/localizedCertificateRecords";
import { inLanguage } from "./locales";
import type { ContentModules } from "./reader/site-content.server";

// The certificate records valid on the build's day in each language (decision 0168):
// content/certificate-records/ in English, each translation's content/certificate-records/<code>/
// over it, record by record; `lang` says which language a record's words are shown in (null: the
// page's own). Only the compliance route's build-time loader imports it: a page gets its own
// language's records as loader data, never another's.
export type LocalizedCertificateRecord = ContentModules["localizedCertificateRecords"][string][number];
const records = data as ContentModules["localizedCertificateRecords"];

/** The valid records in a language by its code (the address's prefix; none or an unknown one: the default language's). */
export function certificateRecordsIn(code: string | undefined): LocalizedCertificateRecord[] {
  return inLanguage(records, code) ?? [];
}

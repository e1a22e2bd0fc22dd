import { fill, linkClass, NewTabIcon, VerifyLink } from "~/components/certificates/certificate-links";
import { JsonLd } from "~/components/json-ld/json-ld";
import { type CatalogueWords, useCatalogueWords } from "~/content/catalogue-words";
import { useLabels } from "~/content/labels";
import type { LocalizedCertificateRecord } from "~/content/localized-certificate-records";
import { useTranslatedLang } from "~/content/messages";
import { longDay } from "~/lib/contracts/locale-format";
import { certificateAnchor } from "~/lib/contracts/products";
import { organizationCertificationsJsonLd } from "~/lib/certification-json-ld";
import { ContentSection } from "./content-section";

/**
 * 31 December 2099 in the language of the words around it (decision 0167: 31. Dezember 2099), the
 * same on every machine (UTC, one locale per language), so hydration matches the HTML.
 */
export const formatDay = (day: string, code?: string) => longDay(day, code);

/** The `lang` of a record's words where they are not in the page's language (decision 0168). */
const langOf = (lang: string | null) => lang ?? undefined;

/** The certificate's own file (PDF or scan), in a new tab: on this page only (the product pages link here). */
function CertificateFileLink({ name, file, labels }: { name: string; file: string; labels: CatalogueWords["certificates"] }) {
  const translatedLang = useTranslatedLang();
  return (
    <a href={file} target="_blank" rel="noopener noreferrer" className={linkClass}>
      {labels.file}
      <span className="sr-only">
        {` ${fill(labels.fileLabel, { name })} `}
        <span lang={translatedLang}>{useLabels().opensInNewTab}</span>
      </span>
      <NewTabIcon />
    </a>
  );
}

/**
 * The certificate records valid today (decision 0076), each at its own address
 * (/our-company/compliance#certificate-{id}) with its number, issuer, holder, scope, validity, the
 * standard's own check ("Verify", new tab) and its file; and the company's Organization node with
 * `hasCertification` for search engines.
 */
export function CertificateRecords({ records }: { records: readonly LocalizedCertificateRecord[] }) {
  // The section's words in the page's language, or English marked as such (decision 0167).
  const { words, lang, code } = useCatalogueWords();
  const l = words.certificates;
  return (
    <ContentSection id="certificate-records" heading={l.heading} intro={l.intro} lang={lang}>
      {records.length > 0 && <JsonLd data={organizationCertificationsJsonLd(records)} />}
      {records.length === 0 ? (
        <p lang={lang} className="mt-6 max-w-3xl text-ink-800">
          {l.none}
        </p>
      ) : (
        <ul className="mt-6 grid gap-6 md:grid-cols-2">
          {records.map((r) => (
            <li
              key={r.slug}
              id={certificateAnchor(r.slug)}
              className="scroll-mt-28 rounded-lg bg-white p-5 shadow-sm ring-1 ring-ink-200 target:ring-3 target:ring-accent-500"
            >
              <h3 lang={langOf(r.lang)} className="text-lg font-bold text-brand-900">
                {r.name}
              </h3>
              <dl className="mt-3 grid grid-cols-[8rem_minmax(0,1fr)] gap-x-4 gap-y-1 text-ink-800">
                <dt lang={lang} className="font-semibold">
                  {l.number}
                </dt>
                <dd className="break-words">{r.number}</dd>
                <dt lang={lang} className="font-semibold">
                  {l.issuedBy}
                </dt>
                <dd>{r.issuedBy}</dd>
                <dt lang={lang} className="font-semibold">
                  {l.holder}
                </dt>
                <dd lang={langOf(r.lang)}>{r.holder}</dd>
                {r.scope && (
                  <>
                    <dt lang={lang} className="font-semibold">
                      {l.scope}
                    </dt>
                    <dd lang={langOf(r.scopeLang)}>{r.scope}</dd>
                  </>
                )}
              </dl>
              <p lang={lang} className="mt-2 text-ink-800">
                {fill(l.validity, { from: formatDay(r.validFrom, code), until: formatDay(r.validUntil, code) })}
              </p>
              <p className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
                <VerifyLink name={r.name} number={r.number} verify={r.verify} />
                {r.file && (
                  <span lang={lang}>
                    <CertificateFileLink name={r.name} file={r.file} labels={l} />
                  </span>
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
    </ContentSection>
  );
}

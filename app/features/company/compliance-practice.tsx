import type { CompanyPages } from "~/content/company-pages";
import type { LocalizedCertificateRecord } from "~/content/localized-certificate-records";
import { site } from "~/content/site";
import { CheckList, ContentSection, NameList } from "./content-section";
import { CertificateRecords } from "./certificate-records";
import { PdcaCycle } from "./pdca-cycle";

/**
 * /our-company/compliance: the PDCA method, goals, checklists, certificates and the certificate
 * records a buyer can verify; the page's words in the language `compliance.lang` says (decision
 * 0170), the records each in their own (decision 0168).
 */
export function CompliancePractice({ compliance, records }: { compliance: CompanyPages["compliance"]; records: readonly LocalizedCertificateRecord[] }) {
  return (
    <>
      <div lang={compliance.lang ?? undefined}>
        <ContentSection id="compliance-method" heading={compliance.cycle.heading} intro={compliance.intro}>
          <PdcaCycle cycle={compliance.cycle} />
        </ContentSection>
        <ContentSection id="compliance-goals" heading={compliance.goals.heading} tone="tinted">
          <CheckList items={compliance.goals.items} className="md:grid-cols-2" />
        </ContentSection>
        <ContentSection id="compliance-checklists" heading={compliance.checklists.heading} intro={compliance.checklists.intro}>
          <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {compliance.checklists.lists.map((list) => (
              <section key={list.title} aria-label={list.title} className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-ink-200">
                <h3 className="text-lg font-bold text-brand-900">{list.title}</h3>
                <ul className="mt-3 grid gap-2">
                  {list.items.map((item) => (
                    <li key={item} className="flex gap-2 text-ink-800">
                      <span aria-hidden="true" className="mt-1 size-4 shrink-0 rounded border-2 border-brand-600" />
                      {item}
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        </ContentSection>
        <ContentSection id="compliance-certificates" heading={compliance.certificatesHeading} tone="tinted">
          <NameList names={site.certificates} className="mt-6" itemPadding="px-4" />
        </ContentSection>
      </div>
      <CertificateRecords records={records} />
    </>
  );
}

import type { CompanyPages } from "~/content/company-pages";
import { CheckList, ContentSection, NameList } from "./content-section";

/** /quality: precautions, tests, AQL inspection with third parties, and innovation, in the language `quality.lang` says (decision 0170). */
export function QualityPractice({ quality }: { quality: CompanyPages["quality"] }) {
  const { inspection } = quality;
  return (
    <div lang={quality.lang ?? undefined}>
      <ContentSection id="quality-precautions" heading={quality.precautions.heading} intro={quality.intro}>
        <CheckList items={quality.precautions.items} className="md:grid-cols-2" />
      </ContentSection>
      <ContentSection id="quality-inspection" heading={inspection.heading} intro={inspection.body} tone="tinted">
        <ol className="mt-6 grid gap-4 md:grid-cols-2">
          {inspection.stages.map((s, i) => (
            <li key={s.name} className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-ink-200">
              <h3 className="text-lg font-bold text-brand-900">
                <span aria-hidden="true" className="mr-2 text-accent-700">
                  {i + 1}.
                </span>
                {s.name}
              </h3>
              <p className="mt-2 text-ink-700">{s.description}</p>
            </li>
          ))}
        </ol>
        <h3 className="mt-10 text-xl font-bold text-brand-900">{inspection.companiesHeading}</h3>
        <NameList names={inspection.companies} className="mt-4" itemPadding="px-5" />
      </ContentSection>
      <ContentSection id="quality-tests" heading={quality.tests.heading}>
        <dl className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {quality.tests.items.map((t) => (
            <div key={t.name} className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-ink-200">
              <dt className="text-lg font-bold text-brand-900">{t.name}</dt>
              <dd className="mt-2 text-ink-700">{t.description}</dd>
            </div>
          ))}
        </dl>
      </ContentSection>
      <ContentSection id="quality-innovation" heading={quality.innovation.heading} intro={quality.innovation.body} tone="tinted">
        <CheckList items={quality.innovation.items} className="md:grid-cols-2" />
      </ContentSection>
    </div>
  );
}

import type { CompanyPages } from "~/content/company-pages";

/** /our-company/strength: the nine strengths with their pictures, the heading and each strength in the language its `lang` says (decision 0170). */
export function StrengthList({ strengthPage }: { strengthPage: CompanyPages["strengthPage"] }) {
  return (
    <section aria-labelledby="strength-list" className="mx-auto max-w-7xl px-4 py-12 md:py-16">
      <h2 id="strength-list" lang={strengthPage.lang ?? undefined} className="text-2xl font-bold tracking-tight text-brand-900 md:text-3xl">
        {strengthPage.heading}
      </h2>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {strengthPage.strengths.map((s) => (
          <li key={s.id} lang={s.lang ?? undefined} className="flex flex-col rounded-xl bg-white p-6 shadow-sm ring-1 ring-ink-200">
            <img src={s.image} alt="" width={96} height={96} loading="lazy" decoding="async" className="size-24" />
            <h3 className="mt-4 text-xl font-bold text-brand-900">{s.name}</h3>
            <p className="mt-2 text-ink-700">{s.description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

import { langAttribute, useHomeSections } from "~/content/home-sections-context";

export function TrustedPartnerSection() {
  const { trustedPartner } = useHomeSections();
  return (
    <section aria-labelledby="trusted-partner-heading" lang={langAttribute(trustedPartner.lang)} className="bg-white px-4 py-16">
      <div className="mx-auto grid max-w-7xl gap-10 md:grid-cols-2">
        <div>
          <h2 id="trusted-partner-heading" className="text-3xl font-extrabold text-brand-800">
            {trustedPartner.heading}
          </h2>
          {trustedPartner.paragraphs.map((p) => (
            <p key={p} className="mt-4 text-ink-700">
              {p}
            </p>
          ))}
        </div>
        <dl className="grid grid-cols-2 gap-4">
          {trustedPartner.facts.map((fact) => (
            <div key={fact.label} className="flex flex-col rounded-xl bg-brand-50 p-5">
              <dt className="text-sm text-ink-700">{fact.label}</dt>
              <dd className="order-first text-2xl font-extrabold text-brand-800">{fact.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

import { langAttribute, useHomeSections } from "~/content/home-sections-context";

export function StrengthsSection() {
  const {
    strengths: words,
    lists: { strengths },
  } = useHomeSections();
  const lang = langAttribute(words.lang);
  return (
    <section aria-labelledby="strengths-heading" className="bg-brand-50 px-4 py-16">
      <div className="mx-auto max-w-7xl">
        <h2 id="strengths-heading" lang={lang} className="text-3xl font-extrabold text-brand-800">
          {words.heading}
        </h2>
        <p className="mt-2 text-ink-700" lang={lang}>
          {words.intro}
        </p>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {strengths.map((strength) => (
            <li key={strength.id} lang={langAttribute(strength.lang)} className="rounded-xl bg-white p-6 shadow-sm">
              <img src={strength.image} alt="" width={96} height={96} loading="lazy" className="h-16 w-16" />
              <h3 className="mt-4 text-lg font-bold text-ink-900">{strength.name}</h3>
              <p className="mt-2 text-ink-700">{strength.description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

import { LogoEmblem } from "~/components/logo/logo";
import { langAttribute, useHomeSections } from "~/content/home-sections-context";

/** 'Our Concept': the SSL emblem in the middle, the seven numbered values alternating left and right. */
export function ConceptSection() {
  const { concept } = useHomeSections();
  return (
    <section aria-labelledby="concept-heading" lang={langAttribute(concept.lang)} className="bg-brand-50 px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <h2 id="concept-heading" className="text-center text-3xl font-extrabold text-brand-800">
          {concept.heading}
        </h2>
        <p className="mx-auto mt-2 max-w-2xl text-center text-ink-700">{concept.intro}</p>
        <div className="relative mt-10">
          <LogoEmblem className="mx-auto mb-8 h-32 w-32 md:absolute md:left-1/2 md:top-1/2 md:mb-0 md:h-48 md:w-48 md:-translate-x-1/2 md:-translate-y-1/2" />
          <ol className="space-y-4">
            {concept.values.map((value, i) => (
              <li
                key={value.number}
                className={`rounded-xl bg-white p-5 shadow-sm md:w-[calc(50%-7rem)] ${i % 2 === 0 ? "md:mr-auto md:text-right" : "md:ml-auto"}`}
              >
                <h3 className="font-extrabold text-brand-800">
                  <span className="mr-2 text-accent-700">{value.number}</span> {value.title}
                </h3>
                <p className="mt-1 text-ink-700">{value.description}</p>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  );
}

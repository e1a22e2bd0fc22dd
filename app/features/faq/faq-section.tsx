import { faq } from "~/content/faq";
import { FaqAccordion } from "./faq-accordion";

/** The questions and answers under the FAQ banner. */
export function FaqSection() {
  return (
    <section aria-labelledby="faq-questions" className="mx-auto max-w-4xl px-4 py-12 md:py-16">
      <h2 id="faq-questions" className="text-2xl font-bold tracking-tight text-brand-900 md:text-3xl">
        {faq.heading}
      </h2>
      <p className="mt-3 text-lg text-ink-700">{faq.intro}</p>
      <div className="mt-8">
        <FaqAccordion entries={faq.entries} />
      </div>
    </section>
  );
}

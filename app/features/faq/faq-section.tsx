import type { LocalizedFaq } from "~/content/faqs";
import { FaqAccordion } from "./faq-accordion";

/** The questions and answers under the FAQ banner; each part in the language it is shown in (`lang`, decision 0165). */
export function FaqSection({ faq }: { faq: LocalizedFaq }) {
  const lang = faq.lang ?? undefined;
  return (
    <section aria-labelledby="faq-questions" className="mx-auto max-w-4xl px-4 py-12 md:py-16">
      <h2 id="faq-questions" lang={lang} className="text-2xl font-bold tracking-tight text-brand-900 md:text-3xl">
        {faq.heading}
      </h2>
      <p lang={lang} className="mt-3 text-lg text-ink-700">
        {faq.intro}
      </p>
      <div className="mt-8">
        <FaqAccordion entries={faq.entries} />
      </div>
    </section>
  );
}

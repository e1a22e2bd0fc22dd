import { RichText } from "~/components/rich-text/rich-text";
import type { FaqEntry } from "~/content/faq";

/** An entry with the language it is shown in (`lang`: null, the page's own; decision 0165). */
export type FaqAccordionProps = { entries: ReadonlyArray<FaqEntry & { lang?: string | null }> };

const questionClass =
  "flex w-full cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left text-lg font-semibold text-brand-900 hover:bg-brand-50 focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-accent-500 [&::-webkit-details-marker]:hidden";

/**
 * The FAQ accordion: one group of exclusive <details> (same `name`), the same element in the
 * prerendered HTML and after hydration. The browser opens and closes the answers, keeps at most
 * one open, and gives keyboard and screen-reader behaviour; React renders no `open`
 * prop, so hydration never closes an answer a visitor opened while scripts were loading.
 * Plus / minus markers follow [open] in CSS.
 */
export function FaqAccordion({ entries }: FaqAccordionProps) {
  return (
    <div className="rounded-xl bg-white shadow-sm ring-1 ring-ink-200">
      {entries.map((e) => (
        // `open` is the visitor's: it may differ from the HTML at hydration, and stays as it is.
        <details
          key={e.id}
          id={`faq-${e.id}`}
          lang={e.lang ?? undefined}
          name="faq"
          suppressHydrationWarning
          className="group border-b border-ink-200 last:border-b-0"
        >
          <summary className={questionClass}>
            <span>{e.question}</span>
            <span aria-hidden="true" className="text-2xl leading-none text-brand-600 group-open:hidden">
              +
            </span>
            <span aria-hidden="true" className="hidden text-2xl leading-none text-brand-600 group-open:inline">
              −
            </span>
          </summary>
          <div className="px-5 pb-5 leading-relaxed text-ink-800">
            <RichText nodes={e.answer} />
          </div>
        </details>
      ))}
    </div>
  );
}

import type { KeyboardEvent } from "react";
import { RichText } from "~/components/rich-text/rich-text";
import type { FaqEntry } from "~/content/faq";
import { useHydrated } from "~/lib/use-hydrated";
import { useAccordion } from "./use-accordion";

export type FaqAccordionProps = { entries: readonly FaqEntry[] };

/**
 * The FAQ accordion, progressively enhanced. The prerendered HTML is a group of exclusive
 * <details> (same `name`), so every answer is in the page and it works without JavaScript. Once
 * React has hydrated, each question becomes a heading with a button carrying aria-expanded and
 * aria-controls (the WAI-ARIA accordion pattern), driven by useAccordion.
 */
export function FaqAccordion({ entries }: FaqAccordionProps) {
  const hydrated = useHydrated();
  return hydrated ? <ButtonAccordion entries={entries} /> : <DetailsAccordion entries={entries} />;
}

const itemClass = "border-b border-ink-200 last:border-b-0";
const questionClass =
  "flex w-full cursor-pointer items-center justify-between gap-4 px-5 py-4 text-left text-lg font-semibold text-brand-900 hover:bg-brand-50 focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-accent-500";
const answerClass = "px-5 pb-5 text-ink-800 leading-relaxed";

function DetailsAccordion({ entries }: FaqAccordionProps) {
  return (
    <div className="rounded-xl bg-white shadow-sm ring-1 ring-ink-200">
      {entries.map((e) => (
        <details key={e.id} name="faq" className={`group ${itemClass}`}>
          <summary className={`${questionClass} list-none [&::-webkit-details-marker]:hidden`}>
            <span>{e.question}</span>
            <span aria-hidden="true" className="text-2xl leading-none text-brand-600 group-open:hidden">+</span>
            <span aria-hidden="true" className="hidden text-2xl leading-none text-brand-600 group-open:inline">−</span>
          </summary>
          <div id={`faq-answer-${e.id}`} className={answerClass}>
            <RichText nodes={e.answer} />
          </div>
        </details>
      ))}
    </div>
  );
}

function ButtonAccordion({ entries }: FaqAccordionProps) {
  const { isOpen, toggle } = useAccordion();

  // Arrow keys, Home and End move between questions (optional keys of the WAI-ARIA pattern).
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>("button[aria-controls]")];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const next = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: buttons.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    buttons[(next + buttons.length) % buttons.length]?.focus();
  }

  return (
    // The wrapper only listens for arrow keys bubbling up from the question buttons.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div className="rounded-xl bg-white shadow-sm ring-1 ring-ink-200" onKeyDown={onKeyDown}>
      {entries.map((e) => {
        const open = isOpen(e.id);
        return (
          <div key={e.id} className={itemClass}>
            <h3 className="m-0">
              <button
                type="button"
                id={`faq-question-${e.id}`}
                aria-expanded={open}
                aria-controls={`faq-answer-${e.id}`}
                onClick={() => toggle(e.id)}
                className={questionClass}
              >
                <span>{e.question}</span>
                <span aria-hidden="true" data-marker className="text-2xl leading-none text-brand-600">
                  {open ? "−" : "+"}
                </span>
              </button>
            </h3>
            <div id={`faq-answer-${e.id}`} hidden={!open} className={answerClass}>
              <RichText nodes={e.answer} />
            </div>
          </div>
        );
      })}
    </div>
  );
}

import { useState } from "react";
import { Link } from "react-router";
import { useMessages, useTranslatedLang } from "~/content/messages";
import { quoteRequestHref } from "~/lib/contracts/site-paths";
import { addToQuote, isInQuoteList, quotePagePath, removeFromQuote, useQuoteList } from "~/lib/quote-list/quote-list";
import {
  type AddToQuoteProps,
  AddToQuoteProductName,
  AddToQuoteWords,
  addToQuoteControlClass,
  addToQuoteWrapperClass,
  useFocusKeptAcrossSwap,
} from "./add-to-quote-shared";
import { useLocalizedPath } from "~/lib/locale";

/**
 * The hydrated add control: a toggle button (aria-pressed) over the list kept in local storage,
 * with a status message saying what changed. Pressed again, it takes the product out.
 */
export function AddToQuoteToggle({ product, name, variant }: AddToQuoteProps) {
  const addToQuoteLabels = useMessages().addToQuote;
  const lang = useTranslatedLang();
  const localize = useLocalizedPath();
  const ref = useFocusKeptAcrossSwap(quoteRequestHref(product));
  const list = useQuoteList();
  // Which message says what changed, its product's name in parts (decision 0183).
  const [message, setMessage] = useState<"added" | "removed" | null>(null);
  const inList = isInQuoteList(list, product);
  const toggle = () => {
    if (inList) removeFromQuote(product);
    else addToQuote(product);
    setMessage(inList ? "removed" : "added");
  };
  return (
    <div className={addToQuoteWrapperClass(variant)} lang={lang}>
      <button ref={ref} type="button" aria-pressed={inList} onClick={toggle} className={addToQuoteControlClass(variant, inList)}>
        {inList && <CheckIcon />}
        {addToQuoteLabels.add}
        <AddToQuoteProductName name={name} />
      </button>
      {variant === "page" && inList && (
        <Link
          to={localize(quotePagePath)}
          className="font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-600 focus-visible:outline-3 focus-visible:outline-accent-500"
        >
          {addToQuoteLabels.view}
        </Link>
      )}
      {/* Present (empty) before any change, so screen readers announce what is put into it. */}
      <p role="status" className={variant === "card" ? "sr-only" : "basis-full text-sm text-ink-700"}>
        {message && <AddToQuoteWords template={addToQuoteLabels[message]} name={name} />}
      </p>
    </div>
  );
}

function CheckIcon() {
  return (
    <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true">
      <path d="M4 10.5l4 4 8-9" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

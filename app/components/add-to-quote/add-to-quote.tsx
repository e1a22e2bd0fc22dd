import { useState } from "react";
import { Link } from "react-router";
import { addToQuoteLabels } from "~/content/add-to-quote-labels";
import { isInQuoteList, type QuoteRef, quotePagePath, quoteRequestHref, removeFromQuote, addToQuote, useQuoteList } from "~/lib/quote-list/quote-list";
import { useHydrated } from "~/lib/use-hydrated";

export type AddToQuoteProps = {
  product: QuoteRef;
  /** The product as a visitor reads it ("Men Hoodie"), for screen readers and the messages. */
  name: string;
  /** `page`: an item page (visible message and a link to the request); `card`: under an item card. */
  variant: "page" | "card";
};

const control =
  "inline-flex items-center justify-center gap-2 rounded-md font-semibold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-500";
const sizes = { page: "px-5 py-2.5", card: "w-full px-3 py-2 text-sm" } as const;
const idle = "bg-brand-700 text-white hover:bg-brand-800";
const pressed = "bg-white text-brand-800 ring-2 ring-brand-700 hover:bg-brand-50";

/**
 * "Add to quote request" for one product. Prerendered (and without JavaScript) it is a link to the
 * quote form with the product chosen (`/quote?item=family/item`); once hydrated, the same words and
 * look become a toggle button (aria-pressed) over the list kept in local storage, and a status
 * message says what changed. Pressed again, it takes the product out.
 */
export function AddToQuote({ product, name, variant }: AddToQuoteProps) {
  const hydrated = useHydrated();
  const list = useQuoteList();
  const [message, setMessage] = useState("");
  const forProduct = <span className="sr-only"> {addToQuoteLabels.product.replace("{product}", name)}</span>;

  if (!hydrated) {
    return (
      <div className={variant === "card" ? "mt-2" : "flex flex-wrap items-center gap-x-4 gap-y-2"}>
        <a href={quoteRequestHref(product)} className={`${control} ${sizes[variant]} ${idle}`}>
          {addToQuoteLabels.add}
          {forProduct}
        </a>
      </div>
    );
  }

  const inList = isInQuoteList(list, product);
  const toggle = () => {
    if (inList) removeFromQuote(product);
    else addToQuote(product);
    setMessage((inList ? addToQuoteLabels.removed : addToQuoteLabels.added).replace("{product}", name));
  };
  return (
    <div className={variant === "card" ? "mt-2" : "flex flex-wrap items-center gap-x-4 gap-y-2"}>
      <button type="button" aria-pressed={inList} onClick={toggle} className={`${control} ${sizes[variant]} ${inList ? pressed : idle}`}>
        {inList && <CheckIcon />}
        {addToQuoteLabels.add}
        {forProduct}
      </button>
      {variant === "page" && inList && (
        <Link
          to={quotePagePath}
          className="font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-600 focus-visible:outline-3 focus-visible:outline-accent-500"
        >
          {addToQuoteLabels.view}
        </Link>
      )}
      {/* Present (empty) before any change, so screen readers announce what is put into it. */}
      <p role="status" className={variant === "card" ? "sr-only" : "basis-full text-sm text-ink-700"}>
        {message}
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

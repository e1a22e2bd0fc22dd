// What the prerendered link and the toggle share: one look, the product's name, and a keyboard
// user's focus.
import { useCallback } from "react";
import { TextParts } from "~/components/text-parts/text-parts";
import { useMessages } from "~/content/messages";
import type { QuoteRef } from "~/lib/quote-list/quote-list";
import { type TextPart, fillParts } from "~/lib/text-parts";

/** `page`: an item page (visible message and a link to the request); `card`: under an item card. */
export type AddToQuoteVariant = "page" | "card";

export type AddToQuoteProps = {
  product: QuoteRef;
  /** The product as a visitor reads it ("Men Hoodie"), for screen readers and the messages: the family's
   * and the product's names each with its `lang` as the page's data gives it (decision 0183). */
  name: readonly TextPart[];
  variant: AddToQuoteVariant;
};

// One look for the link and the toggle, so the swap after hydration changes nothing visible.
const wrapperClass = { page: "flex flex-wrap items-center gap-x-4 gap-y-2", card: "mt-2" } as const;
const controlClass =
  "inline-flex items-center justify-center gap-2 rounded-md font-semibold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-500";
const sizeClass = { page: "px-5 py-2.5", card: "w-full px-3 py-2 text-sm" } as const;
const idleClass = "bg-brand-700 text-white hover:bg-brand-800";
const pressedClass = "bg-white text-brand-800 ring-2 ring-brand-700 hover:bg-brand-50";

/** The box around the control (and, on an item page, its message and link). */
export function addToQuoteWrapperClass(variant: AddToQuoteVariant) {
  return wrapperClass[variant];
}

/** The control itself; `pressed` once the product is in the list (the toggle only). */
export function addToQuoteControlClass(variant: AddToQuoteVariant, pressed = false) {
  return `${controlClass} ${sizeClass[variant]} ${pressed ? pressedClass : idleClass}`;
}

/** The control's words around the product's name ("{product} is in your quote request."), each name in its language where not the page's (decision 0183). */
export function AddToQuoteWords({ template, name }: { template: string; name: readonly TextPart[] }) {
  return <TextParts parts={fillParts(template, { product: name }, useMessages().lang)} />;
}

/** Which product the control is for, read out after its words ("Add to quote request"). */
export function AddToQuoteProductName({ name }: { name: readonly TextPart[] }) {
  return (
    <span className="sr-only">
      {" "}
      <AddToQuoteWords template={useMessages().addToQuote.product} name={name} />
    </span>
  );
}

// The control of a product whose element was focused when React replaced it.
let focusedControl: string | null = null;

/**
 * A ref for the control's element that hands focus on to the element replacing it. On a first
 * visit the control is replaced twice (the prerendered link, the link shown while the toggle's code
 * loads, the toggle); a keyboard user who had already reached it stays there. `key` names the
 * product (its request link): a page shows one control per product.
 */
export function useFocusKeptAcrossSwap(key: string) {
  return useCallback(
    (element: HTMLElement | null) => {
      if (!element) return;
      if (focusedControl === key) {
        focusedControl = null;
        element.focus();
      }
      // React calls this before it takes the element out of the page, while it still has focus.
      return () => {
        if (document.activeElement === element) focusedControl = key;
      };
    },
    [key],
  );
}

import { lazy, Suspense } from "react";
import { useMessages, useTranslatedLang } from "~/content/messages";
import { quoteRequestHref } from "~/lib/contracts/site-paths";
import { useHydrated } from "~/lib/use-hydrated";
import { type AddToQuoteProps, AddToQuoteProductName, addToQuoteControlClass, addToQuoteWrapperClass, useFocusKeptAcrossSwap } from "./add-to-quote-shared";
import { useLocalizedPath } from "~/lib/locale";

export type { AddToQuoteProps };

// The toggle and the list's store load after hydration, not with the gallery pages: they are not
// needed to show the page or to request a product (the link does that), and every file of a page's
// first load delays when it answers on a slow phone (docs/decisions/0046-quote-list-in-local-storage.md).
const AddToQuoteToggle = lazy(() => import("./add-to-quote-toggle").then((m) => ({ default: m.AddToQuoteToggle })));

/**
 * "Add to quote request" for one product. Prerendered (and without JavaScript) it is a link to the
 * quote form with the product chosen (`/quote?item=family/item`); once hydrated and the toggle's
 * code has arrived, the same words and look become a toggle button over the list kept in local
 * storage (./add-to-quote-toggle.tsx). Until then the link keeps working.
 */
export function AddToQuote(props: AddToQuoteProps) {
  const link = <AddToQuoteLink {...props} />;
  if (!useHydrated()) return link;
  return (
    <Suspense fallback={link}>
      <AddToQuoteToggle {...props} />
    </Suspense>
  );
}

function AddToQuoteLink({ product, name, variant }: AddToQuoteProps) {
  const href = quoteRequestHref(product);
  const ref = useFocusKeptAcrossSwap(href);
  const words = useMessages().addToQuote;
  const lang = useTranslatedLang();
  const localize = useLocalizedPath();
  return (
    <div className={addToQuoteWrapperClass(variant)} lang={lang}>
      <a ref={ref} href={localize(href)} className={addToQuoteControlClass(variant)}>
        {words.add}
        <AddToQuoteProductName name={name} />
      </a>
    </div>
  );
}

import { Link } from "react-router";
import { type Messages, useMessages } from "~/content/messages";
import { localeAt } from "~/lib/locale";
import { useShownPathname } from "~/components/layout/use-shown-pathname";

/** Where the header's action leads: the quotation request (works without JavaScript). */
export const requestQuotePath = "/quote";

/** The accessible name with a list: "Request a quote, 1 product" / "Request a quote, 2 products" (the page's language's words). */
export function quoteRequestCountName(count: number, words: Messages["header"]): string {
  return count === 1 ? words.quoteRequestOne : words.quoteRequestCount.replace("{count}", String(count));
}

/**
 * The header's "Request a quote" action, in the prerendered HTML of every page. With a list in the
 * browser it carries the number of products (`count`, from ./quote-request-count.tsx, loaded only
 * then): one action to the request, never two links side by side to the same page. Two short lines
 * on phones and beside the narrow desktop menu, one line where the bar has room; none between 768
 * and 1023 px, where the menu fills the bar (decision 0147).
 */
export function RequestQuoteLink({ count }: { count?: number }) {
  const words = useMessages().header;
  // The request in the page's language (decision 0160).
  const { localize } = localeAt(useShownPathname());
  return (
    <Link
      to={localize(requestQuotePath)}
      data-request-quote=""
      aria-label={count ? quoteRequestCountName(count, words) : undefined}
      className="flex shrink-0 items-center gap-1 rounded-full bg-accent-500 px-2.5 py-1 text-center text-xs leading-tight font-semibold text-ink-900 hover:bg-accent-300 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-500 sm:max-md:px-3 sm:max-md:py-1.5 sm:max-md:text-sm md:max-lg:hidden 2xl:px-3 2xl:py-1.5 2xl:text-sm"
    >
      <span className="max-w-16 sm:max-md:max-w-none 2xl:max-w-none">{words.requestQuote}</span>
      {count ? <span className="min-w-6 rounded-full bg-ink-900 px-1.5 py-0.5 text-center text-xs text-white tabular-nums">{count}</span> : null}
    </Link>
  );
}

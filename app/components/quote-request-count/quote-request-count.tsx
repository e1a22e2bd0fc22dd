import { useQuoteList } from "~/lib/quote-list/quote-list";
import { RequestQuoteLink } from "./request-quote-link";

/**
 * The header's "Request a quote" with the number of products in the browser's list. Loaded only
 * once the browser has a list (the store comes with it, never the add control): prerendered pages
 * have none, so hydration never swaps what the HTML showed.
 */
export function QuoteRequestCount() {
  const count = useQuoteList().length;
  return <RequestQuoteLink count={count || undefined} />;
}

import { Link } from "react-router";
import { labels } from "~/content/labels";
import { quotePagePath, useQuoteList } from "~/lib/quote-list/quote-list";

export type QuoteRequestCountProps = { onDark: boolean };

/** The accessible name: "Quote request, 1 product" / "Quote request, 2 products" (content). */
export function quoteRequestCountName(count: number): string {
  return count === 1 ? labels.header.quoteRequestOne : labels.header.quoteRequestCount.replace("{count}", String(count));
}

/**
 * The header's link to the quotation request with its number of products. Shown only once the
 * browser has a list: prerendered pages have none, so this renders nothing in HTML and never
 * swaps a visible element at hydration. Only the store comes with it, never the add control.
 */
export function QuoteRequestCount({ onDark }: QuoteRequestCountProps) {
  const count = useQuoteList().length;
  if (count === 0) return null;
  return (
    <Link
      to={quotePagePath}
      aria-label={quoteRequestCountName(count)}
      className={`flex shrink-0 items-center gap-1.5 rounded-full px-2.5 py-1.5 text-sm font-semibold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-500 ${
        onDark ? "text-white ring-1 ring-white/70 hover:bg-white/10" : "text-brand-800 ring-1 ring-brand-700 hover:bg-brand-50"
      }`}
    >
      <ListIcon />
      {/* The words where the bar has room: beside the phone menu button, and on wide screens. */}
      <span className="hidden sm:max-md:inline 2xl:inline">{labels.header.quoteRequest}</span>
      <span className="min-w-6 rounded-full bg-accent-500 px-1.5 text-center text-ink-900 tabular-nums">{count}</span>
    </Link>
  );
}

function ListIcon() {
  return (
    <svg viewBox="0 0 20 20" className="h-5 w-5" aria-hidden="true">
      <path d="M5 2.75h7.5L16 6.25v11H5z" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
      <path d="M8 9h5M8 12h5M8 15h3" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

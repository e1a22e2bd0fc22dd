import { useLocation } from "react-router";
import { PageBanner } from "~/components/page-banner/page-banner";
import { usePages } from "~/content/pages";
import type { QuoteResultContent } from "~/content/quote-result";
import { quoteReferencePattern, quoteSentParams } from "~/lib/contracts/quote";
import { useHydrated } from "~/lib/use-hydrated";
import { NotSentSection, ResultLinks } from "~/features/forms/form-result";

// Where the server sends a buyer after a native post of /quote (server/intake/quote.ts).

/** The element the server fills with the reference of /quote/sent?ref=… (server/site/quote-pages.ts). */
export const quoteReferenceElementId = "quote-reference";
/** The note the server shows on /quote/sent?ref=…&trial=1: a quantity below a minimum, a trial order (decision 0148). */
export const quoteBelowMinimumElementId = "quote-below-minimum";

/**
 * /quote/sent?ref=Q-2026-00042, in the page's language (`sent`: its loader's data). The page is
 * prerendered once per language; the server writes the reference into it (so it shows without
 * JavaScript), and the hydrated page reads the same value from the address.
 */
export function QuoteSentView({ sent }: { sent: QuoteResultContent["sent"] }) {
  const { search } = useLocation();
  // Prerendering and hydration see no reference (the server's text stays); then the address's.
  const hydrated = useHydrated();
  const params = new URLSearchParams(search);
  const asked = hydrated ? (params.get(quoteSentParams.reference) ?? "") : "";
  const reference = quoteReferencePattern.test(asked) ? asked : "";
  // Hidden in the prerendered page; the server shows it for &trial=1, and so does the hydrated page.
  const trial = hydrated && reference !== "" && params.get(quoteSentParams.trial) === "1";
  const banner = usePages().contact.bannerImage;
  return (
    <>
      <PageBanner title={sent.heading} image={banner} />
      <section className="mx-auto max-w-3xl px-4 py-12 text-ink-900">
        <p className="text-xl font-semibold text-green-800">{sent.message}</p>
        <p className="mt-4 text-lg">
          {sent.referenceLabel} {/* The server's text stays through hydration; then the same value from the address. */}
          <strong id={quoteReferenceElementId} suppressHydrationWarning>
            {reference}
          </strong>
        </p>
        <p id={quoteBelowMinimumElementId} hidden={!trial} className="mt-4 font-semibold" suppressHydrationWarning>
          {sent.belowMinimum}
        </p>
        <p className="mt-4">{sent.text}</p>
        <ResultLinks links={sent.links} />
      </section>
    </>
  );
}

/** /quote/not-sent/{problem}: what was wrong (its text: problemText, the route's loader), and that going back keeps what was typed. */
export function QuoteNotSentView({ notSent, problem }: { notSent: QuoteResultContent["notSent"]; problem: string }) {
  const banner = usePages().contact.bannerImage;
  return (
    <>
      <PageBanner title={notSent.heading} image={banner} />
      <NotSentSection problem={problem} keptNote={notSent.keptNote} emailNote={notSent.emailNote} />
    </>
  );
}

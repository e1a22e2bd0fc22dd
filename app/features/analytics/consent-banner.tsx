import { useMessages } from "~/content/messages";

export type ConsentBannerProps = { onAccept: () => void; onDecline: () => void };

/** Small bar at the bottom of the screen; fixed, so it shifts nothing, and it never takes focus. */
export function ConsentBanner({ onAccept, onDecline }: ConsentBannerProps) {
  const consentLabels = useMessages().consent;
  return (
    <section
      aria-labelledby="analytics-consent-title"
      className="fixed inset-x-3 bottom-3 z-50 mx-auto max-w-xl rounded-lg border border-ink-200 bg-white p-4 text-sm text-ink-800 shadow-xl"
    >
      <h2 id="analytics-consent-title" className="font-semibold text-ink-900">
        {consentLabels.title}
      </h2>
      <p className="mt-1">{consentLabels.body}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          onClick={onAccept}
          className="rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-500"
        >
          {consentLabels.accept}
        </button>
        <button
          type="button"
          onClick={onDecline}
          className="rounded border border-ink-700 px-4 py-2 font-semibold text-ink-900 hover:bg-ink-100 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-500"
        >
          {consentLabels.decline}
        </button>
      </div>
    </section>
  );
}

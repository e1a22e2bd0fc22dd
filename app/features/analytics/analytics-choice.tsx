import { useMessages, useTranslatedLang } from "~/content/messages";
import { useAnalyticsConsent } from "./use-analytics-consent";

const buttonClass =
  "rounded px-4 py-2 font-semibold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-500 aria-pressed:ring-2 aria-pressed:ring-offset-2 aria-pressed:ring-brand-700";

/**
 * The analytics choice on the privacy notice: what this browser has chosen, and the banner's two
 * answers, to change it at any time. Loaded (lazily, by app/routes/privacy.tsx) only when the site
 * is built with analytics, and shown once hydrated: before that, nothing is measured anyway.
 */
export default function AnalyticsChoice() {
  const { choice, accept, decline } = useAnalyticsConsent();
  const consentLabels = useMessages().consent;
  const current = choice === "granted" ? consentLabels.granted : choice === "denied" ? consentLabels.denied : consentLabels.unanswered;
  return (
    // Inside the privacy notice's untranslated content: its words carry the page's language (decision 0160).
    <div lang={useTranslatedLang()} className="mt-4 rounded-lg border border-ink-200 bg-white p-4">
      <p role="status" className="font-semibold text-ink-900">
        {consentLabels.choice.replaceAll("{choice}", current)}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" aria-pressed={choice === "granted"} onClick={accept} className={`bg-brand-700 text-white hover:bg-brand-800 ${buttonClass}`}>
          {consentLabels.accept}
        </button>
        <button
          type="button"
          aria-pressed={choice === "denied"}
          onClick={decline}
          className={`border border-ink-700 text-ink-900 hover:bg-ink-100 ${buttonClass}`}
        >
          {consentLabels.decline}
        </button>
      </div>
    </div>
  );
}

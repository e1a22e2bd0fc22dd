import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { readConsent } from "./consent";
import { ConsentBanner } from "./consent-banner";
import { initAnalytics, removeAnalyticsCookies, setAnalyticsConsent, trackPageView } from "./gtag";
import { useAnalyticsConsent } from "./use-analytics-consent";

export type AnalyticsProps = { measurementId: string };

/**
 * GA4 with consent: set up once, a page_view on every navigation (with consent), and the consent
 * banner until the visitor answers. app/root.tsx loads this module lazily, only when an id is set.
 * A later answer, in the banner or on the privacy notice (./analytics-choice.tsx), applies at once;
 * declining after accepting also removes the analytics cookies.
 */
export default function Analytics({ measurementId }: AnalyticsProps) {
  const { pathname, search } = useLocation();
  const { choice, accept, decline } = useAnalyticsConsent();
  const applied = useRef(choice);

  useEffect(() => {
    initAnalytics(measurementId, readConsent());
  }, [measurementId]);

  useEffect(() => {
    if (choice === null || choice === applied.current) return;
    applied.current = choice;
    setAnalyticsConsent(choice);
    if (choice === "granted") trackPageView(window.location);
    else removeAnalyticsCookies();
  }, [choice]);

  useEffect(() => {
    trackPageView({ pathname, search });
  }, [pathname, search]);

  return choice === null ? <ConsentBanner onAccept={accept} onDecline={decline} /> : null;
}

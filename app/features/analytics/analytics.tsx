import { useEffect } from "react";
import { useLocation } from "react-router";
import { readConsent } from "./consent";
import { ConsentBanner } from "./consent-banner";
import { initAnalytics, setAnalyticsConsent, trackPageView } from "./gtag";
import { useAnalyticsConsent } from "./use-analytics-consent";

export type AnalyticsProps = { measurementId: string };

/**
 * GA4 with consent: set up once, a page_view on every navigation (with consent), and the consent
 * banner until the visitor answers. app/root.tsx loads this module lazily, only when an id is set.
 */
export default function Analytics({ measurementId }: AnalyticsProps) {
  const { pathname, search } = useLocation();
  const { choice, accept, decline } = useAnalyticsConsent((next) => {
    setAnalyticsConsent(next);
    if (next === "granted") trackPageView(window.location);
  });

  useEffect(() => {
    initAnalytics(measurementId, readConsent());
  }, [measurementId]);

  useEffect(() => {
    trackPageView({ pathname, search });
  }, [pathname, search]);

  return choice === null ? <ConsentBanner onAccept={accept} onDecline={decline} /> : null;
}

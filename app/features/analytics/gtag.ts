import type { ConsentChoice } from "./consent";

// GA4 through gtag.js in Consent Mode v2, "basic" flavour: consent defaults to denied, and the
// Google script is only fetched once the visitor grants analytics storage, so nothing leaves the
// browser before consent. Calls made earlier wait in window.dataLayer.

type Gtag = (...args: unknown[]) => void;
declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

export const gtagScriptUrl = (measurementId: string) => `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`;

const deniedByDefault = {
  analytics_storage: "denied",
  ad_storage: "denied",
  ad_user_data: "denied",
  ad_personalization: "denied",
} as const;

let state: { measurementId: string; consent: ConsentChoice | null; scriptLoaded: boolean } | undefined;

function gtag(...args: unknown[]) {
  window.gtag?.(...args);
}

/**
 * Set up gtag once per page load; later calls (re-renders, StrictMode, a second mount) do nothing
 * and return false. `consent` is the stored choice, null when the visitor has not answered.
 */
export function initAnalytics(measurementId: string, consent: ConsentChoice | null): boolean {
  if (state) return false;
  state = { measurementId, consent: null, scriptLoaded: false };
  window.dataLayer = window.dataLayer ?? [];
  // gtag.js reads `arguments` objects from the dataLayer, not arrays: keep the classic shape.
  window.gtag = function gtagQueue() {
    // eslint-disable-next-line prefer-rest-params -- gtag.js expects the Arguments object
    window.dataLayer!.push(arguments);
  };
  gtag("consent", "default", deniedByDefault);
  gtag("js", new Date());
  // Page views are sent by hand on every client-side navigation (trackPageView).
  gtag("config", measurementId, { send_page_view: false });
  if (consent) setAnalyticsConsent(consent);
  return true;
}

/** Apply the visitor's choice; the script is fetched the first time consent is granted. */
export function setAnalyticsConsent(consent: ConsentChoice): void {
  if (!state) return;
  state.consent = consent;
  gtag("consent", "update", { analytics_storage: consent });
  if (consent === "granted" && !state.scriptLoaded) {
    state.scriptLoaded = true;
    const script = document.createElement("script");
    script.async = true;
    script.src = gtagScriptUrl(state.measurementId);
    document.head.appendChild(script);
  }
}

/** One GA4 page_view, only with consent (without it nothing is queued either). */
export function trackPageView(location: { pathname: string; search: string; hash?: string }): boolean {
  if (state?.consent !== "granted") return false;
  gtag("event", "page_view", {
    page_location: window.location.origin + location.pathname + location.search,
    page_path: location.pathname + location.search,
    page_title: document.title,
  });
  return true;
}

/**
 * Removes Google Analytics' cookies (_ga, _ga_<id>) from this site: what a visitor who declines
 * after accepting expects. gtag.js sets them on the widest domain it may (".example.com" for
 * www.example.com), so each is expired on this host and on every parent domain of it.
 */
export function removeAnalyticsCookies(): void {
  const names = document.cookie
    .split(";")
    .map((pair) => pair.split("=")[0]!.trim())
    .filter((name) => name === "_ga" || name.startsWith("_ga_"));
  const labels = window.location.hostname.split(".");
  const domains = [undefined, ...labels.slice(0, -1).map((_, i) => labels.slice(i).join("."))];
  for (const name of names) {
    for (const domain of domains) {
      document.cookie = `${name}=; Max-Age=0; Path=/${domain ? `; Domain=${domain}` : ""}`;
    }
  }
}

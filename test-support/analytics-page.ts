import { vi } from "vitest";

type HappyDomWindow = Window & { happyDOM?: { settings: { disableJavaScriptFileLoading: boolean; handleDisabledFileLoadingAsSuccess: boolean } } };

/** A page as on first load: no gtag, no dataLayer, no scripts, no stored choice; fresh module state. */
export function freshPage() {
  vi.resetModules();
  delete window.dataLayer;
  delete window.gtag;
  document.head.querySelectorAll("script").forEach((s) => s.remove());
  window.localStorage.clear();
  // The tests never fetch the Google script: happy-dom must not try.
  const happyDOM = (window as HappyDomWindow).happyDOM;
  if (happyDOM) {
    happyDOM.settings.disableJavaScriptFileLoading = true;
    happyDOM.settings.handleDisabledFileLoadingAsSuccess = true;
  }
}

/** dataLayer entries as plain arrays (gtag pushes Arguments objects). */
export const dataLayerCalls = () => (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));

export const gtagScripts = () => [...document.querySelectorAll("script")].filter((s) => s.src.startsWith("https://www.googletagmanager.com/gtag/js"));

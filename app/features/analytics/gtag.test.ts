import { beforeEach, describe, expect, it } from "vitest";
import { dataLayerCalls, freshPage, gtagScripts } from "../../../test-support/analytics-page";

const id = "G-TEST123";
const load = () => import("./gtag");

beforeEach(freshPage);

describe("initAnalytics", () => {
  it("initialises exactly once, however often it is called", async () => {
    const { initAnalytics } = await load();
    expect(initAnalytics(id, null)).toBe(true);
    expect(initAnalytics(id, null)).toBe(false);
    expect(initAnalytics("G-OTHER", "granted")).toBe(false);
    const calls = dataLayerCalls();
    expect(calls.filter(([command]) => command === "config")).toEqual([["config", id, { send_page_view: false }]]);
    expect(calls.filter(([command, kind]) => command === "consent" && kind === "default")).toHaveLength(1);
    expect(calls.filter(([command]) => command === "js")).toHaveLength(1);
    expect(gtagScripts()).toHaveLength(0);
  });

  it("denies every storage by default and loads nothing before consent", async () => {
    const { initAnalytics, trackPageView } = await load();
    initAnalytics(id, null);
    expect(dataLayerCalls()[0]).toEqual([
      "consent",
      "default",
      { analytics_storage: "denied", ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied" },
    ]);
    expect(trackPageView({ pathname: "/faq", search: "" })).toBe(false);
    expect(dataLayerCalls().some(([, name]) => name === "page_view")).toBe(false);
    expect(gtagScripts()).toHaveLength(0);
  });

  it("with a remembered 'granted', grants analytics storage and loads gtag.js once", async () => {
    const { initAnalytics, setAnalyticsConsent } = await load();
    initAnalytics(id, "granted");
    setAnalyticsConsent("granted");
    expect(dataLayerCalls()).toContainEqual(["consent", "update", { analytics_storage: "granted" }]);
    expect(gtagScripts().map((s) => s.src)).toEqual([`https://www.googletagmanager.com/gtag/js?id=${id}`]);
    expect(gtagScripts()[0]!.async).toBe(true);
  });

  it("with a remembered 'denied', keeps analytics storage denied and loads nothing", async () => {
    const { initAnalytics } = await load();
    initAnalytics(id, "denied");
    expect(dataLayerCalls()).toContainEqual(["consent", "update", { analytics_storage: "denied" }]);
    expect(gtagScripts()).toHaveLength(0);
  });
});

describe("consent and page views", () => {
  it("sends page views only once consent is granted, and stops when it is withdrawn", async () => {
    const { initAnalytics, setAnalyticsConsent, trackPageView } = await load();
    initAnalytics(id, null);
    setAnalyticsConsent("granted");
    expect(trackPageView({ pathname: "/contact", search: "?from=footer" })).toBe(true);
    const pageView = dataLayerCalls().find(([, name]) => name === "page_view");
    expect(pageView?.[2]).toMatchObject({ page_path: "/contact?from=footer", page_location: `${window.location.origin}/contact?from=footer` });
    setAnalyticsConsent("denied");
    expect(trackPageView({ pathname: "/faq", search: "" })).toBe(false);
    expect(dataLayerCalls().filter(([, name]) => name === "page_view")).toHaveLength(1);
    expect(gtagScripts()).toHaveLength(1);
  });

  it("does nothing before initialisation", async () => {
    const { setAnalyticsConsent, trackPageView } = await load();
    setAnalyticsConsent("granted");
    expect(trackPageView({ pathname: "/", search: "" })).toBe(false);
    expect(window.dataLayer).toBeUndefined();
    expect(gtagScripts()).toHaveLength(0);
  });
});

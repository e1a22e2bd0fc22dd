// When does a page answer? Navigation start → the "hydrated" performance mark app/root.tsx sets once
// hydration has attached every handler, in a real Chromium slowed down through the DevTools protocol
// (not simulated: Lighthouse's simulation does not model when our deferred boot script runs).
// Used by scripts/bench/bench.mjs for its "interactive" row; `node scripts/bench/interactive.mjs <url>…` measures
// pages of a server that is already running.
/* global window -- the page callbacks run in the browser */
import { chromium } from "@playwright/test";
import { chromiumFlags, chromiumPath } from "../test-setup/chromium-flags.mjs";

/** The issue-14 throttle: Lighthouse's slow-4G figures applied by DevTools, on a mid-range phone. */
export const throttle = {
  cpuSlowdown: 4,
  rttMs: 150,
  downloadKbps: 1600,
  uploadKbps: 750,
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
};

export const throttleDescription =
  `Chromium DevTools throttling: ${throttle.cpuSlowdown}× CPU slowdown, ${throttle.rttMs} ms round trip, ` +
  `${throttle.downloadKbps / 1000} Mbps down / ${throttle.uploadKbps} kbps up, ` +
  `${throttle.viewport.width}×${throttle.viewport.height} viewport (mobile, touch)`;

/** The mark app/root.tsx sets when the root has hydrated. */
export const hydratedMark = "hydrated";

/** DevTools protocol parameters for `throttle` (throughput in bytes per second). */
export function networkConditions(t = throttle) {
  return {
    offline: false,
    latency: t.rttMs,
    downloadThroughput: (t.downloadKbps * 1000) / 8,
    uploadThroughput: (t.uploadKbps * 1000) / 8,
  };
}

/**
 * One cold load of `url` in a fresh browser context under `throttle`: first contentful paint, load
 * event and the hydrated mark, in milliseconds from navigation start.
 */
export async function measureOnce(browser, url, { timeoutMs = 60_000 } = {}) {
  const context = await browser.newContext({
    viewport: throttle.viewport,
    deviceScaleFactor: throttle.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", networkConditions());
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: throttle.cpuSlowdown });
    // Resolves on the mark without polling the page (a poll would add main-thread work).
    await page.addInitScript((name) => {
      window.__hydratedAt = new Promise((resolve) => {
        new PerformanceObserver((list, observer) => {
          const mark = list.getEntriesByName(name)[0];
          if (mark) {
            observer.disconnect();
            resolve(mark.startTime);
          }
        }).observe({ type: "mark", buffered: true });
      });
    }, hydratedMark);
    // Past "commit", so the evaluation below runs in the page's document (the mark is buffered).
    await page.goto(url, { waitUntil: "domcontentloaded", timeout: timeoutMs });
    const interactive = await page.evaluate(
      ([ms]) => Promise.race([window.__hydratedAt, new Promise((_, reject) => setTimeout(() => reject(new Error(`no hydrated mark within ${ms} ms`)), ms))]),
      [timeoutMs],
    );
    await page.waitForLoadState("load", { timeout: timeoutMs });
    const timing = await page.evaluate(() => {
      const navigation = performance.getEntriesByType("navigation")[0];
      const scripts = performance.getEntriesByType("resource").filter((entry) => /\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname));
      return {
        fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN,
        domContentLoaded: navigation.domContentLoadedEventEnd,
        load: navigation.loadEventEnd,
        scriptsStart: Math.min(...scripts.map((entry) => entry.startTime)),
        scriptsEnd: Math.max(...scripts.map((entry) => entry.responseEnd)),
      };
    });
    return { ...timing, interactive };
  } finally {
    await context.close();
  }
}

/**
 * Calls `measure(item, run)` `runs` times for each item, the items taking turns (run 1 of every
 * item, then run 2, …): this machine's speed drifts over minutes, and in turns the drift falls on
 * every route alike instead of on whichever was measured last. Resolves to each item's results.
 */
export async function inTurns(items, runs, measure) {
  const results = new Map(items.map((item) => [item, []]));
  for (let run = 1; run <= runs; run++) {
    for (const item of items) results.get(item).push(await measure(item, run));
  }
  return results;
}

/** One cold load of `url` (`measureOnce`) in a fresh browser: nothing warmed up carried over. */
export async function measureInFreshBrowser(url, { log = () => {}, label = "" } = {}) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  try {
    const result = await measureOnce(browser, url);
    log(`${url}${label}: ${["fcp", "load", "scriptsStart", "scriptsEnd", "interactive"].map((key) => `${key} ${Math.round(result[key])} ms`).join(", ")}`);
    return result;
  } finally {
    await browser.close();
  }
}

/** `runs` cold loads of each URL in turns (`inTurns`), each in a fresh browser. */
export async function measureInteractive(urls, { runs = 3, log = () => {} } = {}) {
  const results = await inTurns(urls, runs, (url, run) => measureInFreshBrowser(url, { log, label: ` run ${run}/${runs}` }));
  return Object.fromEntries(results);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const urls = process.argv.slice(2);
  if (urls.length === 0) throw new Error("usage: node scripts/bench/interactive.mjs <url>… (BENCH_RUNS, default 3)");
  console.log(throttleDescription);
  await measureInteractive(urls, { runs: Number(process.env.BENCH_RUNS ?? 3), log: console.log });
}

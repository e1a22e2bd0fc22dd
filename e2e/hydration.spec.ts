import { expect, test } from "./fixtures";

// Pages are complete HTML; the hydration scripts load after the page has loaded and painted
// (scripts/defer-hydration.mjs), so they never hold back the first paint or the banner image.
for (const path of ["/", "/our-company/aboutus", "/gallery/men/tshirt"]) {
  test(`${path} paints and finishes loading before any script is fetched, then hydrates`, async ({ page }) => {
    await page.goto(path); // returns once hydrated (e2e/fixtures.ts)
    const timing = await page.evaluate(() => {
      const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      const scripts = performance.getEntriesByType("resource").filter((entry) => /\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname));
      return {
        loadEventEnd: navigation.loadEventEnd,
        firstContentfulPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Infinity,
        firstScriptStart: Math.min(...scripts.map((entry) => entry.startTime)),
        scripts: scripts.length,
      };
    });
    expect(timing.scripts).toBeGreaterThan(3);
    expect(timing.firstScriptStart).toBeGreaterThanOrEqual(timing.loadEventEnd);
    expect(timing.firstContentfulPaint).toBeLessThan(timing.firstScriptStart);
  });
}

import { expect, test } from "./fixtures";
import { words } from "./content";

// Pages are complete HTML; the hydration starts once the page has painted (scripts/build/steps/defer-hydration.mjs):
// it never holds back the first paint, and images or videos still loading never hold back the page's
// handlers. Only the client entry downloads before the paint, behind the page's own files. (A page
// with no image on its first screen, e.g. About Us with its banner inline, can reach its load event
// before it paints; the rest of its modules still wait for the paint.)
for (const path of ["/", "/gallery/men", "/gallery/men/tshirt"]) {
  test(`${path} paints before the hydration starts, and hydrates while its images are still loading`, { tag: "@content" }, async ({ page }) => {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    // Every image and video is held back until the page has hydrated: no load event before then.
    await page.route(/\.(avif|webp|png|jpe?g|svg|ico|webm|mp4)$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(path, { waitUntil: "commit" }); // returns once hydrated (e2e/fixtures.ts)
    const timing = await page.evaluate(() => {
      const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      const scripts = performance.getEntriesByType("resource").filter((entry) => /\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname));
      return {
        loadEventEnd: navigation.loadEventEnd,
        firstContentfulPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Infinity,
        hydrationStart: performance.getEntriesByName("hydration-start")[0]?.startTime ?? -1,
        hydrated: performance.getEntriesByName("hydrated")[0]?.startTime ?? -1,
        scripts: scripts.length,
        fetchedBeforePaint: scripts
          .filter((entry) => entry.startTime < (performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0))
          .map((entry) => new URL(entry.name).pathname),
      };
    });
    release();
    expect(timing.scripts).toBeGreaterThan(3);
    // Before the paint, at most the client entry (React DOM) downloads, behind the page's own files.
    for (const path of timing.fetchedBeforePaint) expect(path).toMatch(/^\/assets\/entry\.client-[\w-]+\.js$/);
    expect(timing.loadEventEnd).toBe(0);
    expect(timing.firstContentfulPaint).toBeLessThanOrEqual(timing.hydrationStart);
    expect(timing.hydrationStart).toBeLessThan(timing.hydrated);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  });
}

test("the stylesheet is inline, only the client entry is preloaded (end of <head>, low priority), and no script runs from the HTML", async ({ request }) => {
  const html = await (await request.get("/faq")).text();
  const head = html.slice(0, html.indexOf("</head>"));
  // The stylesheet travels inside the HTML (scripts/build/steps/inline-stylesheets.mjs): no second request before the paint.
  expect(head).toMatch(/<style data-href="\/assets\/[\w-]+\.css">[\s\S]{1000,}<\/style>/);
  expect(head).not.toContain('rel="stylesheet"');
  expect(html).not.toMatch(/<script[^>]*\bsrc=/);
  const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*>/g)];
  expect(preloads.map((m) => m[0])).toEqual([
    expect.stringMatching(/^<link rel="modulepreload" href="\/assets\/entry\.client-[\w-]+\.js" fetchpriority="low"\/>$/),
  ]);
  // …followed only by the classic script that preloads the rest at the first paint.
  expect(html.slice(preloads[0]!.index)).toMatch(/^<link [^>]+><script>\{[^<]*<\/script><\/head>/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the page is styled from its HTML alone, allowed by its CSP, with no stylesheet request", { tag: "@content" }, async ({ page }) => {
    const stylesheets: string[] = [];
    const violations: string[] = [];
    page.on("request", (request) => request.resourceType() === "stylesheet" && stylesheets.push(request.url()));
    page.on("console", (message) => message.type() === "error" && violations.push(message.text()));
    await page.goto("/faq");
    // Styled: the skip link is visually hidden (clipped out of the flow) until it has focus.
    const skipLink = page.getByRole("link", { name: words.labels.skipToContent });
    await expect(skipLink).toHaveCSS("clip-path", "inset(50%)");
    await skipLink.focus();
    await expect(skipLink).toHaveCSS("position", "fixed");
    await expect(skipLink).toHaveCSS("clip-path", "none");
    expect(stylesheets).toEqual([]);
    expect(violations).toEqual([]);
  });
});

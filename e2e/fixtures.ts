import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

/**
 * Shared test: every request that leaves localhost is answered with an empty 204, so tests never
 * reach the internet; `page.goto` returns once the page is hydrated (hydration starts only after
 * the load event, see scripts/build/steps/defer-hydration.mjs), unless JavaScript is off.
 */
export const test = base.extend<{ blockExternal: void }>({
  page: async ({ page, javaScriptEnabled }, provide) => {
    if (javaScriptEnabled) {
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 15_000 });
        return response;
      };
    }
    await provide(page);
  },
  blockExternal: [
    async ({ context }, use) => {
      await context.route(/^(?!https?:\/\/(localhost|127\.0\.0\.1)[:/])/, (route) =>
        route.request().url().startsWith("data:") ? route.continue() : route.fulfill({ status: 204, body: "" }),
      );
      await use();
    },
    { auto: true },
  ],
});

export { expect };

/**
 * axe's serious and critical WCAG 2.1 A/AA violations on the page as it is now. Legacy mode runs axe
 * in the page itself: the default opens a blank page to merge each frame's results, about half of
 * each run's time (decision 0124), and our pages have no frame from another origin to merge.
 */
export async function seriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).setLegacyMode(true).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/**
 * What the pages this `page` opens from now on go wrong with, as only a browser shows it: console
 * errors, uncaught errors and CSP violations (as console errors, "CSP violation: <directive> <URI>").
 * Call it before the first `goto`; the array fills as it happens. `expected404`: the browser's own
 * console error for a page answered 404 (the Oops page's) is expected, not a problem.
 */
export async function watchPageProblems(page: Page, { expected404 = false } = {}) {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && !(expected404 && /status of 404/.test(message.text()))) problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`));
  });
  return problems;
}

export type PlayableVideo = { label: string; poster?: string; sources: readonly { src: string }[]; muted?: boolean };

/**
 * A click-to-play video (components/video): no player in the page until the visitor presses
 * "Play video: {label}", then the native player in its place, playing, focused, with its controls,
 * poster, sources and the fallback text.
 */
export async function expectVideoPlaysWhenAsked(page: Page, video: PlayableVideo) {
  const main = page.getByRole("main");
  await expect(main.locator("video")).toHaveCount(0);
  await main.getByRole("link", { name: `Play video: ${video.label}` }).click();
  const player = main.getByLabel(video.label, { exact: true });
  // Named by a hidden element (decision 0190): the browser's own accessible name, not only the label's text.
  await expect(player).toHaveAccessibleName(video.label);
  await expect(player).toBeFocused();
  await expect(player).toHaveAttribute("controls", "");
  await expect(player).toHaveAttribute("autoplay", "");
  if (video.poster) await expect(player).toHaveAttribute("poster", video.poster);
  await expect(player).toHaveText("Your browser does not support the video tag.");
  expect(await player.evaluate((v: HTMLVideoElement) => [v.muted, v.playsInline])).toEqual([video.muted ?? false, true]);
  const sources = await player.locator("source").evaluateAll((s) => s.map((x) => x.getAttribute("src")));
  expect(sources).toEqual(video.sources.map((s) => s.src));
  for (const src of sources) expect((await page.request.get(src!)).status()).toBe(200);
  if (video.poster) expect((await page.request.get(video.poster)).status()).toBe(200);
}

/**
 * Holds the site's scripts (/assets/*.js) back until `release()`, as on a slow phone: the page
 * paints and must work as plain HTML meanwhile. Open pages with `goto` from here: it returns at
 * the load event, without waiting for a hydration that cannot come yet. `release()` lets the
 * scripts through and returns once the page has hydrated.
 */
export async function holdScripts(page: Page) {
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  const held: string[] = [];
  await page.route(/\/assets\/[^/?]+\.js(\?.*)?$/, async (route) => {
    held.push(route.request().url());
    await gate;
    await route.continue();
  });
  return {
    goto: (path: string) => page.mainFrame().goto(path, { waitUntil: "load" }),
    /** Scripts the page has asked for and not received. */
    held: () => held.length,
    release: async () => {
      open();
      await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 15_000 });
    },
  };
}

/** Text matched literally inside a RegExp (a title, a subject line). */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

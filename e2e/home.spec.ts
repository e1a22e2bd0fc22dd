import { carousel, timing } from "../app/lib/contracts/constants";
import { nextIndex } from "../app/components/carousel/carousel-logic";
import type { Page } from "@playwright/test";
import { expect, seriousA11yViolations, test } from "./fixtures";
import { content } from "./content";

const { certificateCards, pages, valueCards } = content;
// The English home page's sections (decision 0169: per language, the home route's loader data).
const home = content.homeSections[content.locales[0]!.code]!;
const { concept } = home;
const certificates = certificateCards.length;
const values = valueCards.length;

const fallback = "Your browser does not support the video tag.";

/** The h2 of every home section after the hero, in the order of the brief. */
const sectionHeadings = [
  home.trustedPartner.heading,
  home.categoryShares.heading,
  home.certificates.heading,
  home.whyChooseUs.heading,
  home.strengths.heading,
  home.values.heading,
  home.banner.heading,
  concept.heading,
  home.team.heading,
  home.getInTouch.heading,
];

/** aria-labels ("N of M") of the slides a visitor can reach in the named carousel. */
async function slidesInView(page: Page, carousel: string) {
  return page
    .getByRole("region", { name: carousel })
    .locator('[aria-roledescription="slide"]:not([inert])')
    .evaluateAll((slides) => slides.map((s) => s.getAttribute("aria-label")));
}

/**
 * Scrolls the named carousel into view and waits for the script to take it over (the sections
 * below the first screen hydrate when they near the viewport): only `visible` slides stay reachable.
 */
async function hydrated(page: Page, carousel: string, visible: number) {
  await page.getByRole("region", { name: carousel }).scrollIntoViewIfNeeded();
  await expect.poll(() => slidesInView(page, carousel).then((s) => s.length), { timeout: 15_000 }).toBe(visible);
}

async function scrollThrough(page: Page) {
  for (let y = 0; y < 12; y++) {
    await page.mouse.wheel(0, 900);
    await page.waitForTimeout(100);
  }
}

test.describe("home page", () => {
  test("the prerendered HTML carries the hero video with its fallback text, before any script", { tag: "@content" }, async ({ request }) => {
    const html = await (await request.get("/")).text();
    expect(html).toContain(fallback);
    const video = html.match(/<video[^>]*poster="\/images\/home\/hero-poster\.webp"[^>]*>/)?.[0] ?? "";
    for (const attribute of ["muted", "playsinline"]) expect(video.toLowerCase()).toContain(`${attribute}=""`);
    // Nothing moves before the pause button and the reduced-motion check exist, and no video byte
    // competes with the scripts: the video starts once the page has hydrated (next test).
    expect(video.toLowerCase()).not.toContain("autoplay");
    expect(video).toContain('preload="none"');
    expect(video).not.toContain("loop");
    expect(html).toContain(`<link rel="preload" as="image" href="${home.hero.video.poster}"`);
    expect(html).toContain(pages.home.heading);
  });

  test("the hero video starts once the page has hydrated, and its button pauses it", async ({ page }) => {
    await page.goto("/");
    const hero = page.getByRole("region", { name: pages.home.heading });
    const video = hero.locator("video");
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0)).toBe(true);
    await hero.getByRole("button", { name: home.hero.pausePlay.pause }).click();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    await expect(hero.getByRole("button", { name: home.hero.pausePlay.play })).toBeVisible();
  });

  test("under prefers-reduced-motion the hero video never starts, nor loads", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    const videoRequests: string[] = [];
    page.on("request", (r) => r.resourceType() === "media" && videoRequests.push(r.url()));
    await page.goto("/");
    const hero = page.getByRole("region", { name: pages.home.heading });
    await expect(hero.getByRole("button", { name: home.hero.pausePlay.play })).toBeVisible();
    expect(await hero.locator("video").evaluate((v: HTMLVideoElement) => v.paused && v.currentTime === 0)).toBe(true);
    expect(videoRequests.filter((url) => url.includes(home.hero.video.webm))).toEqual([]);
  });

  test("shows the sections in the order of the brief", { tag: "@content" }, async ({ page }) => {
    await page.goto("/");
    const headings = await page.locator("main").locator("h1, h2").allTextContents();
    expect(headings.map((h) => h.trim())).toEqual([pages.home.heading, ...sectionHeadings]);
  });

  // Our Concept's seven values, the strengths and the chart's categories with their percentages, each
  // in order, are app/features/home/home-sections.test.tsx's; the particles never loading under
  // prefers-reduced-motion is app/features/home/get-in-touch-section.test.tsx's (decision 0144).

  // Its pace, pause, buttons and reduced motion are app/features/home/certificate-carousel.test.tsx's,
  // the hero's certificate every 2 s hero-section.test.tsx's; here what only a browser shows: how many
  // cards a wide screen shows, and a real mouse's drag over the cards' images and links (decision 0144).
  test.describe("certificate carousel", () => {
    const name = home.certificates.heading;

    test("shows four of its cards and advances by itself", { tag: "@content" }, async ({ page }) => {
      await page.goto("/");
      const region = page.getByRole("region", { name });
      await expect(region.locator('[aria-roledescription="slide"]')).toHaveCount(certificates);
      await expect(region.getByText(certificateCards[0]!.label, { exact: true })).toBeAttached();
      await hydrated(page, name, 4);
      const start = await slidesInView(page, name);
      const first = Number(start[0]!.split(" ")[0]);
      await expect
        .poll(() => slidesInView(page, name).then((s) => s[0]), { timeout: timing.certificateCarouselIntervalMs * 2 })
        // From the last full view it wraps to the first: the carousel's own rule.
        .toBe(`${nextIndex(first - 1, certificates, carousel.certificateVisible) + 1} of ${certificates}`);
    });

    test("a mouse drag longer than 50 px moves one step, a shorter one does not", async ({ page }) => {
      await page.goto("/");
      const region = page.getByRole("region", { name });
      await hydrated(page, name, 4);
      await region.getByRole("button", { name: "Pause automatic slide show" }).click();
      const first = Number((await slidesInView(page, name))[0]!.split(" ")[0]);
      const box = (await region.locator('[aria-roledescription="slide"]:not([inert])').first().boundingBox())!;
      const y = box.y + box.height / 2;
      const x = box.x + box.width;
      const drag = async (dx: number) => {
        await page.mouse.move(x, y);
        await page.mouse.down();
        await page.mouse.move(x + dx / 2, y, { steps: 3 });
        await page.mouse.move(x + dx, y, { steps: 3 });
        await page.mouse.up();
      };
      await drag(-40);
      expect((await slidesInView(page, name))[0]).toBe(`${first} of ${certificates}`);
      await drag(-80);
      // From the last full view a step forward wraps to the first: the carousel's own rule.
      const after = nextIndex(first - 1, certificates, carousel.certificateVisible) + 1;
      await expect.poll(() => slidesInView(page, name).then((s) => s[0])).toBe(`${after} of ${certificates}`);
      await drag(80);
      await expect.poll(() => slidesInView(page, name).then((s) => s[0])).toBe(`${first} of ${certificates}`);
    });
  });

  test("value carousel shows six of its values on a wide screen", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/");
    // Until hydration every slide is reachable; then exactly six.
    await hydrated(page, home.values.heading, 6);
    expect((await slidesInView(page, home.values.heading))[0]).toMatch(new RegExp(` of ${values}$`));
  });

  test("the sections below the first screen hydrate only once scrolled near", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await page.waitForTimeout(1000);
    // Still the prerendered HTML: every value is reachable, none inert.
    expect(await slidesInView(page, home.values.heading)).toHaveLength(values);
    await page.getByRole("region", { name: home.values.heading }).scrollIntoViewIfNeeded();
    await expect.poll(() => slidesInView(page, home.values.heading).then((v) => v.length)).toBeLessThan(values);
  });

  test("Get In Touch shows how to reach us and loads the particles only near the viewport", async ({ page }) => {
    await page.goto("/");
    const section = page.getByRole("region", { name: home.getInTouch.heading });
    await expect(section.locator("canvas")).toHaveCount(0);
    await section.scrollIntoViewIfNeeded();
    await expect(section.locator("canvas")).toHaveCount(1);
    for (const label of ["Name", "Email", "Subject", "Message"]) await expect(section.getByLabel(label, { exact: true })).toBeVisible();
    await expect(section.getByRole("button", { name: "Send Message" })).toBeVisible();
    await expect(section.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
    await expect(section.getByRole("link", { name: home.getInTouch.interimLinkLabel })).toHaveAttribute("href", "/contact");
  });

  // Axe on the page as it loads is layout.spec.ts's "every page in the browser" (/, the same width);
  // here the page once every section below the first screen has hydrated (decision 0173, "Refined").
  test("axe finds no serious or critical violation after scrolling through", { tag: "@content" }, async ({ page }) => {
    test.slow(); // a full axe run over a long page, with the particles animating, after scrolling through it
    const errors: string[] = [];
    page.on("console", (m) => m.type() === "error" && !/404/.test(m.text()) && errors.push(m.text()));
    await page.goto("/");
    await scrollThrough(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});

test.describe("home page without JavaScript", { tag: "@content" }, () => {
  test.use({ javaScriptEnabled: false });

  test("shows every section in the HTML itself, carousels and contact form included", async ({ page }) => {
    await page.goto("/");
    for (const name of sectionHeadings) {
      const heading = page.getByRole("heading", { name, exact: true, level: 2 });
      await heading.scrollIntoViewIfNeeded();
      await expect(heading).toBeVisible();
    }
    const valueSlides = page.getByRole("region", { name: home.values.heading }).locator('[aria-roledescription="slide"]');
    await expect(valueSlides).toHaveCount(values);
    const form = page.getByRole("region", { name: home.getInTouch.heading });
    await form.getByLabel("Message", { exact: true }).scrollIntoViewIfNeeded();
    for (const label of ["Name", "Email", "Subject", "Message"]) await expect(form.getByLabel(label, { exact: true })).toBeVisible();
  });
});

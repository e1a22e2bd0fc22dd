import { carousel } from "../app/lib/contracts/constants";
import type { Page } from "@playwright/test";
import { expect, seriousA11yViolations, test } from "./fixtures";
import { content } from "./content";

const { pages, team } = content;

const name = "Team Members";
const count = team.length;
const threshold = carousel.aboutTeamDragThresholdPx;

async function current(page: Page) {
  return page
    .getByRole("region", { name })
    .locator('[aria-roledescription="slide"]:not([inert])')
    .evaluateAll((slides) => slides.map((s) => s.getAttribute("aria-label")));
}

async function drag(page: Page, dx: number, { release = true } = {}) {
  // The strip that clips the slides: it stays put while a card slides in, unlike the card itself.
  const viewport = page.getByRole("region", { name }).locator('[aria-roledescription="slide"]').first().locator("xpath=../..");
  const box = (await viewport.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y, { steps: 4 });
  await page.mouse.move(x + dx, y, { steps: 4 });
  if (release) await page.mouse.up();
}

test.describe("About page team carousel", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto(pages.aboutUs.path);
    await page.getByRole("region", { name }).scrollIntoViewIfNeeded();
    // Hydrated once only one card is reachable (before that, the HTML lists every member).
    await expect.poll(() => current(page), { timeout: 15_000 }).toHaveLength(1);
  });

  test("shows one 400 px card with photo, name, role, rating and quote", { tag: "@content" }, async ({ page }) => {
    await expect.poll(() => current(page)).toEqual([`1 of ${count}`]);
    const card = page.getByRole("region", { name }).locator('[aria-roledescription="slide"]:not([inert])');
    await expect(card.getByRole("heading", { name: team[0]!.name })).toBeVisible();
    await expect(card.getByText(team[0]!.role, { exact: true })).toBeVisible();
    await expect(card.getByRole("img", { name: `Rated ${team[0]!.rating} out of 5` })).toBeVisible();
    await expect(card.getByText(team[0]!.text)).toBeVisible();
    expect((await card.boundingBox())!.width).toBeLessThanOrEqual(carousel.aboutTeamCardWidthPx);
  });

  test("previous and next buttons move one card and wrap at both ends", async ({ page }) => {
    const region = page.getByRole("region", { name });
    await region.getByRole("button", { name: "Previous slide" }).click();
    await expect.poll(() => current(page)).toEqual([`${count} of ${count}`]);
    await region.getByRole("button", { name: "Next slide" }).click();
    await expect.poll(() => current(page)).toEqual([`1 of ${count}`]);
    await region.getByRole("button", { name: "Next slide" }).click();
    await expect.poll(() => current(page)).toEqual([`2 of ${count}`]);
  });

  test("arrow keys move it", async ({ page }) => {
    await page.getByRole("region", { name }).focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => current(page)).toEqual([`2 of ${count}`]);
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => current(page)).toEqual([`${count} of ${count}`]);
  });

  test("a drag beyond 100 px left shows the next card, right the previous, wrapping", async ({ page }) => {
    await drag(page, -(threshold + 30));
    await expect.poll(() => current(page)).toEqual([`2 of ${count}`]);
    await drag(page, threshold + 30);
    await expect.poll(() => current(page)).toEqual([`1 of ${count}`]);
    await drag(page, threshold + 30);
    await expect.poll(() => current(page)).toEqual([`${count} of ${count}`]);
  });

  test("a drag below 100 px springs back: the card stays and the offset resets on release", async ({ page }) => {
    const slide = page.getByRole("region", { name }).locator('[aria-roledescription="slide"]').first();
    const restingX = (await slide.boundingBox())!.x;
    await drag(page, -(threshold - 30), { release: false });
    expect((await slide.boundingBox())!.x).toBeLessThan(restingX - 30); // it follows the pointer
    await page.mouse.up();
    await expect.poll(() => current(page)).toEqual([`1 of ${count}`]);
    await expect.poll(async () => (await slide.boundingBox())!.x).toBeCloseTo(restingX, 0);
    await drag(page, threshold - 30);
    await expect.poll(() => current(page)).toEqual([`1 of ${count}`]);
  });

  test("axe finds no serious or critical violation", async ({ page }) => {
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});

test("the About team carousel hydrates only once scrolled near (its code is fetched then)", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const carouselCode: string[] = [];
  page.on("request", (r) => /\/assets\/about-team-carousel-[\w-]+\.js$/.test(r.url()) && carouselCode.push(r.url()));
  await page.goto(pages.aboutUs.path);
  await page.waitForTimeout(1000);
  // Still the prerendered HTML: every member is reachable, none inert, and no carousel code yet.
  expect(await current(page)).toHaveLength(count);
  expect(carouselCode).toEqual([]);
  await page.getByRole("region", { name }).scrollIntoViewIfNeeded();
  await expect.poll(() => current(page)).toEqual([`1 of ${count}`]);
  expect(carouselCode).toHaveLength(1);
});

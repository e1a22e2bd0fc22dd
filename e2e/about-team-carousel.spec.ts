import { carousel } from "../app/lib/contracts/constants";
import type { Page } from "@playwright/test";
import { expect, seriousA11yViolations, test } from "./fixtures";
import { content } from "./content";

const { pages, team } = content;

const name = "Team Members";
const count = team.length;

async function current(page: Page) {
  return page
    .getByRole("region", { name })
    .locator('[aria-roledescription="slide"]:not([inert])')
    .evaluateAll((slides) => slides.map((s) => s.getAttribute("aria-label")));
}

// Its buttons, arrow keys and drags are app/features/team/about-team-carousel.test.tsx's (the same
// outcome without a browser); here what only a browser shows: the card's width, axe on the page,
// its code fetched once scrolled near (decision 0144).
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

import { expect, test } from "./fixtures";

// The Quick View links, the offices with their mail, phone and website links, the social links in a
// new tab and the copyright year from the visitor's clock are app/components/layout/site-footer.test.tsx's;
// here what only a browser shows: the round button's scrolling (decision 0144).

test("the round button scrolls back to the top", async ({ page }) => {
  await page.goto("/gallery");
  await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
  const button = page.getByRole("button", { name: "Back to top" });
  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(button).toBeHidden();
});

test.describe("with reduced motion", () => {
  test.use({ reducedMotion: "reduce" });
  test("the round button jumps to the top at once", async ({ page }) => {
    await page.goto("/gallery");
    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    await page.getByRole("button", { name: "Back to top" }).click();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});

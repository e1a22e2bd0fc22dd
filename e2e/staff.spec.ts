import { test, expect } from "@playwright/test";
import { seriousA11yViolations } from "./fixtures";

// The staff desk's pages have no script to hydrate, so this spec uses Playwright's own `test`
// (fixtures.ts's waits for hydration). The e2e server's database has no staff account.

test.describe("staff sign-in page", () => {
  test("has a labelled form, the first-account hint, its own CSP and nothing axe objects to", async ({ page }) => {
    const response = await page.goto("/staff/sign-in");
    expect(response?.status()).toBe(200);
    expect(response?.headers()["content-security-policy"]).toContain("script-src 'none'");
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "No staff account yet" })).toBeVisible();
    await expect(page.getByLabel("E-mail address")).toHaveAttribute("autocomplete", "username");
    await expect(page.getByLabel("Password")).toHaveAttribute("type", "password");
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test("works by keyboard alone: the skip link first, then the form; a wrong sign-in keeps the e-mail and links the problem to its field", async ({ page }) => {
    await page.goto("/staff/sign-in");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await page.getByLabel("E-mail address").focus();
    await page.keyboard.type("nobody@example.com");
    await page.keyboard.press("Tab");
    await page.keyboard.type("wrong password here");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("alert")).toContainText("The e-mail address or password is not right.");
    await expect(page.getByLabel("E-mail address")).toHaveValue("nobody@example.com");
    await expect(page.getByLabel("E-mail address")).toHaveAccessibleDescription("The e-mail address or password is not right.");
    await expect(page).toHaveTitle(/^Error: Sign in/);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test("fits a phone's width without sideways scrolling", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/staff/sign-in");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  test("sends a visitor of a staff page who is not signed in to the sign-in page", async ({ page }) => {
    await page.goto("/staff/audit");
    await expect(page).toHaveURL(/\/staff\/sign-in\?next=%2Fstaff%2Faudit$/);
  });
});

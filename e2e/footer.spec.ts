import { expect, test } from "./fixtures";
import { content } from "./content";

const { offices, site } = content;

test("Quick View links to the product gallery and the FAQ; R&D has no link", { tag: "@content" }, async ({ page }) => {
  await page.goto("/quality");
  const quickView = page.getByRole("navigation", { name: "Quick View" });
  await expect(quickView.getByText("R&D")).toBeVisible();
  await expect(quickView.getByRole("link", { name: "R&D" })).toHaveCount(0);
  await quickView.getByRole("link", { name: "FAQ" }).click();
  await expect(page).toHaveURL("/faq");
  await page.getByRole("navigation", { name: "Quick View" }).getByRole("link", { name: "Product Gallery" }).click();
  await expect(page).toHaveURL("/gallery");
  await expect(page.getByRole("heading", { level: 1, name: "Product Gallery" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Men T-Shirt", exact: true })).toHaveAttribute("href", "/gallery/men/tshirt");
});

test("lists the four offices with mail, phone and website links", { tag: "@content" }, async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  for (const office of offices) {
    await expect(footer.getByRole("heading", { name: office.label })).toBeVisible();
    await expect(footer.getByRole("link", { name: office.email })).toHaveAttribute("href", `mailto:${office.email}`);
    await expect(footer.getByRole("link", { name: office.phone })).toHaveAttribute("href", `tel:${office.phoneHref}`);
    const website = footer.getByRole("link", { name: new RegExp(office.website.replace(/^https:\/\//, "").replace(/\./g, "\\.")) });
    await expect(website).toHaveAttribute("href", office.website);
    await expect(website).toHaveAttribute("rel", "noopener noreferrer");
  }
  await expect(footer.getByText(`Sister concern: ${site.sisterConcern.name}`)).toBeVisible();
});

test("social links open in a new tab safely", { tag: "@content" }, async ({ page }) => {
  await page.goto("/");
  for (const name of ["Facebook", "LinkedIn", "Instagram"]) {
    const link = page.getByRole("link", { name: `${name} (opens in a new tab)` });
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  }
});

test("the copyright year comes from the visitor's clock", async ({ page }) => {
  await page.clock.setFixedTime(new Date("2031-03-15T10:00:00Z"));
  await page.goto("/faq");
  await expect(page.getByRole("contentinfo")).toContainText(`© 2031 ${site.name}`);
});

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

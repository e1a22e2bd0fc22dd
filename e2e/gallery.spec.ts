import type { Page } from "@playwright/test";
import { expect, seriousA11yViolations, test } from "./fixtures";

const tshirtTitles = ["Solid T-Shirt", "Striped T-Shirt", "Checked T-Shirt"] as const;

/** Grid images of a gallery item page, by their accessible buttons. */
const imageButtons = (page: Page) => page.getByRole("button", { name: /^View larger: / });

async function gridItems(page: Page) {
  return imageButtons(page).locator("img").evaluateAll((els) => els.map((e) => ({ alt: e.getAttribute("alt"), src: (e as HTMLImageElement).currentSrc || e.getAttribute("src") })));
}

test.describe("gallery item page", () => {
  test("/gallery/men/tshirt shows its heading and titled images in a grid", async ({ page }) => {
    const response = await page.goto("/gallery/men/tshirt");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Men - T-Shirt" })).toBeVisible();
    await expect(imageButtons(page)).toHaveCount(3);
    for (const title of tshirtTitles) {
      await expect(page.getByRole("img", { name: title })).toBeVisible();
      await expect(page.getByRole("main").getByRole("link", { name: `${title} (full-size picture)` })).toBeVisible();
    }
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test("each photo is a <picture> of AVIF and WebP variants with srcset, sizes and its real width and height", async ({ page, request }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/gallery/men/tshirt");
    const img = page.getByRole("img", { name: tshirtTitles[0] });
    await expect(img).toHaveAttribute("width", "960");
    await expect(img).toHaveAttribute("height", "1200");
    const picture = page.locator("picture").filter({ has: img });
    await expect(picture.locator('source[type="image/avif"]')).toHaveAttribute("srcset", /^\/media\/gallery\/men\/tshirt\/\S+-360w\.avif 360w, \S+-480w\.avif 480w, \S+-640w\.avif 640w, \S+-960w\.avif 960w$/);
    await expect(picture.locator('source[type="image/webp"]')).toHaveAttribute("srcset", /-360w\.webp 360w, \S+-480w\.webp 480w, \S+-640w\.webp 640w, \S+-960w\.webp 960w$/);
    await expect(picture.locator("source").first()).toHaveAttribute("sizes", /92vw$/);
    // A phone-wide screen at 1× (92vw = 345 px) takes the 360 px AVIF, served as such and cached for good (its name carries its hash).
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).currentSrc)).toMatch(/-360w\.avif$/);
    const served = await request.get(await img.evaluate((el) => (el as HTMLImageElement).currentSrc));
    expect(served.headers()["content-type"]).toBe("image/avif");
    expect(served.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  test("the grid has 1, 2 and 3 columns on small, medium and large screens", async ({ page }) => {
    for (const [width, columns] of [[375, 1], [800, 2], [1280, 3]] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/gallery/men/tshirt");
      const lefts = await imageButtons(page).evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().left)));
      expect(new Set(lefts).size, `${width}px`).toBe(columns);
    }
  });

  test("an image opens a modal dialog by click; the close button closes it and focus returns", async ({ page }) => {
    await page.goto("/gallery/men/tshirt");
    const opener = imageButtons(page).nth(1);
    await opener.click();
    const dialog = page.getByRole("dialog", { name: tshirtTitles[1] });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("img", { name: tshirtTitles[1] })).toBeVisible();
    // Focus is inside the dialog and the page behind is inert.
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    expect(await dialog.evaluate((d) => d.matches(":modal"))).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("by keyboard: Enter opens the dialog, Escape closes it and focus returns", async ({ page }) => {
    await page.goto("/gallery/men/tshirt");
    const opener = imageButtons(page).nth(2);
    await opener.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: tshirtTitles[2] });
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("/gallery/MEN/TSHIRT shows the same items as /gallery/men/tshirt", async ({ page }) => {
    await page.goto("/gallery/men/tshirt");
    const expected = await gridItems(page);
    const response = await page.goto("/gallery/MEN/TSHIRT");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Men - T-Shirt" })).toBeVisible();
    await expect(imageButtons(page)).toHaveCount(3);
    expect(await gridItems(page)).toEqual(expected);
  });

  test("footwear images are 250 px high, other items 450 px", async ({ page }) => {
    for (const [path, height] of [["/gallery/men/footware", 250], ["/gallery/women/footware", 250], ["/gallery/kids/footware", 250], ["/gallery/men/tshirt", 450]] as const) {
      await page.goto(path);
      const heights = await imageButtons(page).locator("img").evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
      expect(heights.length, path).toBeGreaterThanOrEqual(3);
      expect(new Set(heights), path).toEqual(new Set([height]));
    }
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Men - T-Shirt");
    await page.goto("/gallery/men/footware");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Men - Footwear");
  });

  test("the '&' items work raw and percent-encoded", async ({ page, request }) => {
    for (const path of ["/gallery/nontextile/straw&plasticbasket", "/gallery/nontextile/straw%26plasticbasket", "/gallery/nontextile/recyleplastic%26paper"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
    }
    await page.goto("/gallery/nontextile/straw%26plasticbasket");
    await expect(page.getByRole("heading", { level: 1, name: "Non Textile - Straw & Plastic Basket" })).toBeVisible();
    await expect(imageButtons(page)).toHaveCount(3);
  });

  test("an unknown item answers 404, shows a loading state, then the Oops page with the exact message", async ({ page }) => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/data.json", async (route) => {
      await gate;
      await route.continue();
    });
    const response = await page.goto("/gallery/men/nonexistent");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("status").filter({ hasText: "Loading" })).toBeVisible();
    release();
    await expect(page.getByText("No data found for men - nonexistent.", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Oops!" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go Home" })).toHaveAttribute("href", "/");
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test("a failed /data.json fetch is only logged to the console", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    await page.route("**/data.json", (route) => route.abort());
    await page.goto("/gallery/men/nonexistent");
    await expect.poll(() => errors.some((e) => e.includes("Gallery data could not be loaded"))).toBe(true);
    await expect(page.getByText("No data found")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("an unknown item answers 404 with the Oops page, not an endless loading state", async ({ page }) => {
      const response = await page.goto("/gallery/men/nonexistent");
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Oops!" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Go Home" })).toHaveAttribute("href", "/");
      await expect(page.getByRole("status").filter({ hasText: "Loading" })).toBeHidden();
    });
  });

  test("other unknown paths keep the Oops page", async ({ page }) => {
    const response = await page.goto("/gallery/men/tshirt/extra");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops!" })).toBeVisible();
  });
});

test.describe("gallery index and static pages", () => {
  test("/gallery lists all 49 items of the six families, each with a cover image", async ({ page }) => {
    test.slow(); // 49 covers and axe over a long page on a shared machine
    await page.goto("/gallery");
    for (const family of ["Women", "Men", "Kids", "Fashion", "Home Textile", "Non Textile"]) {
      await expect(page.getByRole("heading", { level: 2, name: family, exact: true })).toBeVisible();
    }
    const links = page.getByRole("main").getByRole("link").filter({ has: page.locator("img") });
    await expect(links).toHaveCount(49);
    await expect(page.getByRole("link", { name: "Women Jeans" })).toHaveAttribute("href", "/gallery/women/pant");
    await page.getByRole("link", { name: "Non Textile Straw & Plastic Basket" }).click();
    await expect(page).toHaveURL(/\/gallery\/nontextile\/straw(&|%26)plasticbasket$/);
    await expect(page.getByRole("heading", { level: 1, name: "Non Textile - Straw & Plastic Basket" })).toBeVisible();
    await expect(imageButtons(page)).toHaveCount(3);
    await page.goBack();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  for (const [path, heading] of [["/gallery/fashion-accessories", "Fashion Accessories"], ["/gallery/home-textile", "Home Textile"], ["/gallery/non-textile", "Non Textile"]] as const) {
    test(`${path} shows a video and three cards titled 'Name of the product'`, async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole("main").getByRole("link", { name: /^Play video: / })).toHaveCount(1);
      const cards = page.getByRole("heading", { level: 2, name: "Name of the product" });
      await expect(cards).toHaveCount(3);
      const columns = async () => new Set(await page.getByRole("main").getByRole("article").evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().left)))).size;
      expect(await columns()).toBe(2);
      await page.setViewportSize({ width: 900, height: 800 });
      expect(await columns()).toBe(3);
      expect(await seriousA11yViolations(page)).toEqual([]);
    });
  }
});

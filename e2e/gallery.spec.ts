import { join } from "node:path";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { variantWidths } from "../app/lib/photos/photo-pipeline.server";
import { pagePaths } from "../app/content/page-paths";
import { caseOf, content, galleryItem, galleryItems, itemWithTitledPhotos, siteContent } from "./content";
import { expect, seriousA11yViolations, test } from "./fixtures";

// Each test takes its item from the content under test (e2e/content.ts): an item with three titled
// photos, a footwear page, an address with '&'.
const contentDir = process.env.CONTENT_DIR ?? "content";
const firstFamily = siteContent.gallery[0]!.slug;

/** Grid images of a gallery item page, by their accessible buttons. */
const imageButtons = (page: Page) => page.getByRole("button", { name: /^View larger: / });

async function gridItems(page: Page) {
  return imageButtons(page)
    .locator("img")
    .evaluateAll((els) => els.map((e) => ({ alt: e.getAttribute("alt"), src: (e as HTMLImageElement).currentSrc || e.getAttribute("src") })));
}

test.describe("gallery item page", () => {
  test("an item page shows its heading and titled images in a grid", { tag: "@content" }, async ({ page }) => {
    const { path, heading, titles } = itemWithTitledPhotos();
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(imageButtons(page)).toHaveCount(titles.length);
    for (const title of titles) {
      await expect(page.getByRole("img", { name: title })).toBeVisible();
      await expect(page.getByRole("main").getByRole("link", { name: `${title} (full-size picture)` })).toBeVisible();
    }
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test(
    "each photo is a <picture> of AVIF and WebP variants with srcset, sizes and its real width and height",
    { tag: "@content" },
    async ({ page, request }) => {
      const { path, titles, family, item } = itemWithTitledPhotos();
      // The variants: 360, 480, 640 and 960 px wide, fewer for a narrower photo (its own width last), at its proportions.
      const photo = await sharp(join(contentDir, item.photos[0]!.image)).metadata();
      const widths = variantWidths(photo.width!);
      const largest = widths.at(-1)!;
      const srcset = (format: string) =>
        new RegExp(`^/media/gallery/${family.slug}/${item.slug}/${widths.map((w) => `\\S+-${w}w\\.${format} ${w}w`).join(", ")}$`);
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto(path);
      const img = page.getByRole("img", { name: titles[0] });
      await expect(img).toHaveAttribute("width", String(largest));
      await expect(img).toHaveAttribute("height", String(Math.round((photo.height! * largest) / photo.width!)));
      const picture = page.locator("picture").filter({ has: img });
      await expect(picture.locator('source[type="image/avif"]')).toHaveAttribute("srcset", srcset("avif"));
      await expect(picture.locator('source[type="image/webp"]')).toHaveAttribute("srcset", srcset("webp"));
      await expect(picture.locator("source").first()).toHaveAttribute("sizes", /92vw$/);
      // A phone-wide screen at 1× (92vw = 345 px) takes the smallest AVIF, served as such and cached for good (its name carries its hash).
      await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).currentSrc)).toMatch(new RegExp(`-${widths[0]}w\\.avif$`));
      const served = await request.get(await img.evaluate((el) => (el as HTMLImageElement).currentSrc));
      expect(served.headers()["content-type"]).toBe("image/avif");
      expect(served.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    },
  );

  test("the grid has 1, 2 and 3 columns on small, medium and large screens", { tag: "@content" }, async ({ page }) => {
    const { path } = itemWithTitledPhotos();
    for (const [width, columns] of [
      [375, 1],
      [800, 2],
      [1280, 3],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      const lefts = await imageButtons(page).evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().left)));
      expect(new Set(lefts).size, `${width}px`).toBe(columns);
    }
  });

  test("an image opens a modal dialog by click; the close button closes it and focus returns", { tag: "@content" }, async ({ page }) => {
    const { path, titles } = itemWithTitledPhotos();
    await page.goto(path);
    const opener = imageButtons(page).nth(1);
    await opener.click();
    const dialog = page.getByRole("dialog", { name: titles[1] });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("img", { name: titles[1] })).toBeVisible();
    // Focus is inside the dialog and the page behind is inert.
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    expect(await dialog.evaluate((d) => d.matches(":modal"))).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("by keyboard: Enter opens the dialog, Escape closes it and focus returns", { tag: "@content" }, async ({ page }) => {
    const { path, titles } = itemWithTitledPhotos();
    await page.goto(path);
    const opener = imageButtons(page).nth(2);
    await opener.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: titles[2] });
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("an item's address in capitals shows the same items (SPEC: matched case-insensitively)", { tag: "@content" }, async ({ page }) => {
    const { path, heading, titles, family, item } = itemWithTitledPhotos();
    await page.goto(path);
    const expected = await gridItems(page);
    const response = await page.goto(`/gallery/${family.slug.toUpperCase()}/${item.slug.toUpperCase()}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(imageButtons(page)).toHaveCount(titles.length);
    expect(await gridItems(page)).toEqual(expected);
  });

  test("footwear images are 250 px high, other items 450 px", { tag: "@content" }, async ({ page }) => {
    const footwear = galleryItems.filter((i) => i.imageHeight === 250);
    caseOf(footwear[0], "footwear page of the women, men or kids (SPEC: 250 px images)");
    for (const { path, heading, imageHeight, titles } of [...footwear, itemWithTitledPhotos()]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      const heights = await imageButtons(page)
        .locator("img")
        .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
      expect(heights.length, path).toBe(titles.length);
      expect(new Set(heights), path).toEqual(new Set([imageHeight]));
    }
  });

  test("the '&' items work raw and percent-encoded", { tag: "@content" }, async ({ page, request }) => {
    const ampersand = galleryItems.filter((i) => i.item.slug.includes("&"));
    const { path, heading, titles } = caseOf(ampersand[0], "gallery item with '&' in its address");
    for (const { path } of ampersand) {
      for (const address of [path, path.replace(/&/g, "%26")]) {
        const response = await request.get(address);
        expect(response.status(), address).toBe(200);
      }
    }
    await page.goto(path.replace(/&/g, "%26"));
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(imageButtons(page)).toHaveCount(titles.length);
  });

  test("an unknown item answers 404, shows a loading state, then the Oops page with the exact message", async ({ page }) => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/data.json", async (route) => {
      await gate;
      await route.continue();
    });
    const response = await page.goto(`/gallery/${firstFamily}/nonexistent`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("status").filter({ hasText: "Loading" })).toBeVisible();
    release();
    await expect(page.getByText(`No data found for ${firstFamily} - nonexistent.`, { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Oops!" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go Home" })).toHaveAttribute("href", "/");
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test("a failed /data.json fetch is only logged to the console", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    await page.route("**/data.json", (route) => route.abort());
    await page.goto(`/gallery/${firstFamily}/nonexistent`);
    await expect.poll(() => errors.some((e) => e.includes("Gallery data could not be loaded"))).toBe(true);
    await expect(page.getByText("No data found")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("an unknown item answers 404 with the Oops page, not an endless loading state", async ({ page }) => {
      const response = await page.goto(`/gallery/${firstFamily}/nonexistent`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Oops!" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Go Home" })).toHaveAttribute("href", "/");
      await expect(page.getByRole("status").filter({ hasText: "Loading" })).toBeHidden();
    });
  });

  test("other unknown paths keep the Oops page", { tag: "@content" }, async ({ page }) => {
    const response = await page.goto(`${itemWithTitledPhotos().path}/extra`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops!" })).toBeVisible();
  });
});

test.describe("gallery index and static pages", { tag: "@content" }, () => {
  test("/gallery lists every item of every family, each with a cover image", async ({ page }) => {
    test.slow(); // every cover and axe over a long page on a shared machine
    await page.goto("/gallery");
    for (const family of siteContent.gallery) {
      await expect(page.getByRole("heading", { level: 2, name: family.label, exact: true })).toBeVisible();
    }
    const links = page
      .getByRole("main")
      .getByRole("link")
      .filter({ has: page.locator("img") });
    await expect(links).toHaveCount(galleryItems.length);
    for (const { family, item, path } of galleryItems) {
      await expect(page.getByRole("link", { name: `${family.label} ${item.label}`, exact: true })).toHaveAttribute("href", path);
    }
    const { family, item, heading, titles } = galleryItem("with '&' in its address", (i) => i.item.slug.includes("&"));
    await page.getByRole("link", { name: `${family.label} ${item.label}`, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/gallery/${family.slug}/${item.slug.replace(/&/g, "(&|%26)")}$`));
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(imageButtons(page)).toHaveCount(titles.length);
    await page.goBack();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  for (const id of ["fashionAccessories", "homeTextile", "nonTextile"] as const) {
    const path = pagePaths[id];
    const heading = content.pages[id].heading;
    test(`${path} shows a video and three cards titled 'Name of the product'`, async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole("main").getByRole("link", { name: /^Play video: / })).toHaveCount(1);
      const cards = page.getByRole("heading", { level: 2, name: "Name of the product" });
      await expect(cards).toHaveCount(3);
      const columns = async () =>
        new Set(
          await page
            .getByRole("main")
            .getByRole("article")
            .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().left))),
        ).size;
      expect(await columns()).toBe(2);
      await page.setViewportSize({ width: 900, height: 800 });
      expect(await columns()).toBe(3);
      expect(await seriousA11yViolations(page)).toEqual([]);
    });
  }
});

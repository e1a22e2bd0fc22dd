import type { Page } from "@playwright/test";
import { join } from "node:path";
import sharp from "sharp";
import { variantWidths } from "../app/lib/photos/photo-pipeline.server";
import { caseOf, content, galleryItem, siteContent, words } from "./content";
import { escapeRegExp, expect, seriousA11yViolations, test, watchPageProblems } from "./fixtures";
import { dropDown, isOpen } from "./menu-helpers";

// Decisions 0004 and 0012: the Product Gallery drop-down (the gallery families), a page per family
// listing its items with a cover and a link each, and the breadcrumb Home / Product Gallery / {family} / {item}.

/** The families and items the site under test was built from (CONTENT_DIR: e2e/content.ts). */
const families = siteContent.gallery;
const contentDir = process.env.CONTENT_DIR ?? "content";
const home = words.labels.breadcrumbHome;
const galleryCrumb = content.pages.gallery.breadcrumb;
/** The first family with at least `n` items (its page and covers). */
const familyWith = (n: number) =>
  caseOf(
    families.find((f) => f.items.length >= n),
    `gallery family with ${n} items`,
  );

const breadcrumb = (page: Page) => page.getByRole("navigation", { name: "Breadcrumb" });

/** The breadcrumb as the visitor reads it, and its links. */
async function crumbs(page: Page) {
  const nav = breadcrumb(page);
  const steps = await nav.getByRole("listitem").evaluateAll((items) => items.map((li) => li.textContent!.trim()).filter((text) => text !== "/"));
  const links = await nav.getByRole("link").evaluateAll((as) => as.map((a) => [a.textContent!.trim(), a.getAttribute("href")]));
  return { steps, links };
}

/** The BreadcrumbList JSON-LD: names and paths, in order. */
async function breadcrumbJsonLd(page: Page) {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const list = blocks.map((text) => JSON.parse(text)).find((data) => data["@type"] === "BreadcrumbList");
  return (list.itemListElement as { position: number; name: string; item: string }[]).map((step) => [step.position, step.name, new URL(step.item).pathname]);
}

test.describe("family pages", { tag: "@content" }, () => {
  test("every family page lists its items, each with its cover picture and a link to its page, with no error or CSP violation", async ({ page }) => {
    test.slow(); // every family page, every cover checked
    // The one Chromium load of each family page: deploy-nginx.spec.ts's pass through nginx leaves them
    // out (decision 0186; e2e/browser-pages.ts).
    const problems = await watchPageProblems(page);
    for (const family of families) {
      const path = `/gallery/${family.slug}`;
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: family.label, exact: true })).toBeVisible();
      const cards = page
        .getByRole("main")
        .getByRole("link")
        .filter({ has: page.locator("img") });
      await expect(cards).toHaveCount(family.items.length);
      for (const [i, item] of family.items.entries()) {
        const link = page.getByRole("link", { name: `${family.label} ${item.label}`, exact: true });
        await expect(link, item.file).toHaveAttribute("href", `/gallery/${family.slug}/${item.slug}`);
        // The cover is the item's first photo, as a responsive <picture> with its real size.
        const img = link.locator("picture img");
        await expect(img, item.file).toHaveAttribute("src", new RegExp(`^/media/gallery/${family.slug}/${item.slug}/photos/0/image-\\w+-\\d+w\\.webp$`));
        await expect(img, item.file).toHaveAttribute("width", /^\d+$/);
        await expect(img, item.file).toHaveAttribute("height", /^\d+$/);
        await expect(img, item.file).toHaveAttribute("loading", i < 4 ? "eager" : "lazy");
        const widths = variantWidths((await sharp(join(contentDir, item.photos[0]!.image)).metadata()).width!);
        const srcset = new RegExp(`${widths.map((w) => `-${w}w\\.avif ${w}w`).join(", \\S+")}$`);
        await expect(link.locator('picture source[type="image/avif"]'), item.file).toHaveAttribute("srcset", srcset);
      }
      // What the page fetched after hydrating has come too: no request for 500 ms.
      await page.waitForLoadState("networkidle");
      expect(problems, path).toEqual([]);
    }
  });

  test("a family page: breadcrumb Home / Product Gallery / {family}, its JSON-LD, covers loaded, axe clean", async ({ page }) => {
    const family = families[0]!;
    const path = `/gallery/${family.slug}`;
    await page.goto(path);
    expect(await crumbs(page)).toEqual({
      steps: [home, galleryCrumb, family.label],
      links: [
        [home, "/"],
        [galleryCrumb, "/gallery"],
      ],
    });
    await expect(breadcrumb(page).getByText(family.label, { exact: true })).toHaveAttribute("aria-current", "page");
    expect(await breadcrumbJsonLd(page)).toEqual([
      [1, home, "/"],
      [2, galleryCrumb, "/gallery"],
      [3, family.label, path],
    ]);
    const firstCover = page.getByRole("link", { name: `${family.label} ${family.items[0]!.label}`, exact: true }).locator("img");
    await expect.poll(() => firstCover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    const title = words.gallery.familyTitle.replace("{family}", family.label);
    await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(title)}`));
  });

  test("a family page leads to its items, and the item's breadcrumb leads back", async ({ page }) => {
    // An item with '&' in its address: the link, the address and the breadcrumb must agree on it.
    const { family, item, heading } = galleryItem("with '&' in its address", (i) => i.item.slug.includes("&"));
    const familyPath = `/gallery/${family.slug}`;
    await page.goto(familyPath);
    await page.getByRole("link", { name: `${family.label} ${item.label}`, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${familyPath}/${item.slug.replace(/&/g, "(&|%26)")}$`));
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    expect(await crumbs(page)).toEqual({
      steps: [home, galleryCrumb, family.label, item.label],
      links: [
        [home, "/"],
        [galleryCrumb, "/gallery"],
        [family.label, familyPath],
      ],
    });
    await breadcrumb(page).getByRole("link", { name: family.label }).click();
    await expect(page).toHaveURL(new RegExp(`${familyPath}$`));
    await expect(page.getByRole("heading", { level: 1, name: family.label, exact: true })).toBeVisible();
    await breadcrumb(page).getByRole("link", { name: galleryCrumb }).click();
    await expect(page).toHaveURL(/\/gallery$/);
    await expect(page.getByRole("heading", { level: 1, name: content.pages.gallery.heading })).toBeVisible();
  });

  test("an item page's breadcrumb and JSON-LD read Home / Product Gallery / {family} / {item}, prerendered", async ({ request }) => {
    // An item whose name differs from its address (SPEC: women/pant is 'Jeans').
    const { family, item, path } = galleryItem("named otherwise than its address", (i) => i.item.label.toLowerCase() !== i.item.slug);
    const html = await (await request.get(path)).text();
    const list = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)]
      .map((m) => JSON.parse(m[1]!))
      .find((d) => d["@type"] === "BreadcrumbList");
    expect(list.itemListElement.map((s: { name: string; item: string }) => [s.name, decodeURI(new URL(s.item).pathname)])).toEqual([
      [home, "/"],
      [galleryCrumb, "/gallery"],
      [family.label, `/gallery/${family.slug}`],
      [item.label, path],
    ]);
  });

  test("/gallery's family headings lead to the family pages", async ({ page }) => {
    await page.goto("/gallery");
    for (const family of families) {
      await expect(page.getByRole("heading", { level: 2, name: family.label, exact: true }).getByRole("link")).toHaveAttribute(
        "href",
        `/gallery/${family.slug}`,
      );
    }
    const last = families.at(-1)!;
    await page.getByRole("heading", { level: 2, name: last.label, exact: true }).getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/gallery/${last.slug}$`));
    await expect(page.getByRole("heading", { level: 1, name: last.label, exact: true })).toBeVisible();
  });

  test("an unknown family answers 404 with the Oops page; a family typed in capitals is redirected", async ({ page }) => {
    const response = await page.goto("/gallery/sports");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Oops!" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go Home" })).toHaveAttribute("href", "/");

    const { slug } = families[0]!;
    const upper = await page.request.get(`/gallery/${slug.toUpperCase()}`, { maxRedirects: 0 });
    expect(upper.status()).toBe(301);
    expect(upper.headers().location).toBe(`/gallery/${slug}`);
    // The static pages keep their own content (they outrank the families).
    await page.goto("/gallery/home-textile");
    await expect(page.getByRole("heading", { level: 2, name: "Name of the product" })).toHaveCount(3);
  });
});

test.describe("family page on a phone", { tag: "@content" }, () => {
  // Lighthouse's phone: 412 px wide at 1.75×, so a 45vw cover is drawn 185 CSS px, 324 device px.
  test.use({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });

  test("the first covers are the 360 px AVIF, not a wider one", async ({ page }) => {
    const family = familyWith(2);
    await page.goto(`/gallery/${family.slug}`);
    for (const name of family.items.slice(0, 2).map((item) => `${family.label} ${item.label}`)) {
      const img = page.getByRole("link", { name, exact: true }).locator("picture img");
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.currentSrc), name).toMatch(/-360w\.avif$/);
    }
  });
});

test.describe("Product Gallery drop-down with JavaScript", { tag: "@content" }, () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("opens on hover and by ArrowDown, moves with the arrows, and is marked on family and item pages", async ({ page }) => {
    await page.goto("/faq");
    const galleryMenu = content.navigation.menu.find((item) => "children" in item && item.children.some((c) => c.to.startsWith("/gallery/")))!;
    const { nav, summary, details } = dropDown(page, galleryMenu.label);
    await expect(summary).not.toHaveAttribute("aria-current");
    const links = details.getByRole("link");
    await summary.hover();
    await expect(links).toHaveText(families.map((f) => f.label));
    await page.mouse.move(5, 700);
    await expect(links.first()).toBeHidden();

    await summary.focus();
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => isOpen(details)).toBe(true);
    const [first, second] = families;
    await expect(nav.getByRole("link", { name: first!.label, exact: true })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(nav.getByRole("link", { name: second!.label, exact: true })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/gallery/${second!.slug}$`));
    await expect.poll(() => isOpen(details)).toBe(false); // closes after navigation
    await expect(summary).toHaveAttribute("aria-current", "true");

    const item = caseOf(
      second!.items.find((i) => !i.slug.includes("&")),
      `item of the ${second!.slug} family`,
    );
    await page.getByRole("link", { name: `${second!.label} ${item.label}`, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/gallery/${second!.slug}/${item.slug}$`));
    await expect(page.getByRole("heading", { level: 1, name: `${second!.label} - ${item.label}` })).toBeVisible();
    await expect(summary).toHaveAttribute("aria-current", "true");
    await expect(dropDown(page).summary).not.toHaveAttribute("aria-current");
  });

  test("every item of the desktop menu is on screen inside the bar from 768 px up", async ({ page }) => {
    for (const width of [768, 900, 1024, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/gallery/${families[0]!.slug}`);
      const header = (await page.getByRole("banner").boundingBox())!;
      const items = page.getByRole("navigation", { name: "Main", exact: true }).locator(":scope > ul > li");
      await expect(items).toHaveCount(content.navigation.menu.length);
      for (const box of await items.evaluateAll((lis) => lis.map((li) => li.getBoundingClientRect().toJSON() as DOMRect))) {
        expect(box.left, `${width}px`).toBeGreaterThanOrEqual(0);
        expect(box.right, `${width}px`).toBeLessThanOrEqual(width);
        expect(box.top, `${width}px`).toBeGreaterThanOrEqual(header.y);
        expect(box.bottom, `${width}px`).toBeLessThanOrEqual(header.y + header.height);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${width}px`).toBeLessThanOrEqual(0);
    }
  });
});

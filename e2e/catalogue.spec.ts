import type { Page } from "@playwright/test";
import { caseOf, galleryItems, siteContent } from "./content";
import { expect, seriousA11yViolations, test } from "./fixtures";

// The catalogue at /gallery (decision 0077): every product grouped by family with its facts, without
// JavaScript; with it, a search and filters that narrow the list at once, count what they show, and
// keep their state in the address (shareable, Back undoes a step). Cases come from the content under test.

const words = siteContent.catalogue;
const total = galleryItems.length;
const cardName = (i: (typeof galleryItems)[number]) => `${i.family.label} ${i.item.label}`;
/** The product cards' links (not the "Add to quote request" links beside them). */
const cards = (page: Page) => page.getByRole("main").locator("li > a[href^='/gallery/']");
const count = (shown: number) => words.filter.results.replace("{count}", String(shown)).replace("{total}", String(total));

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A text with slots, as a pattern: each slot's value a pattern of its own. */
const templatePattern = (template: string, slots: Record<string, string>) =>
  new RegExp(`^${Object.entries(slots).reduce((pattern, [name, value]) => pattern.replace(escape(`{${name}}`), value), escape(template))}$`);
const sizePattern = "\\d+(\\.\\d)? (kB|MB)";

const withConstruction = () =>
  caseOf(
    galleryItems.find((i) => i.item.specs.construction),
    "gallery product with a construction",
  );

test.describe("without JavaScript", { tag: "@content" }, () => {
  test.use({ javaScriptEnabled: false });

  test("lists every product grouped by family, each card with its construction, composition and certificates", async ({ page }) => {
    await page.goto("/gallery");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 2 })).toHaveText(siteContent.gallery.map((f) => f.label));
    await expect(cards(page)).toHaveCount(total);
    const item = withConstruction();
    const card = main.getByRole("listitem").filter({ has: page.getByRole("link", { name: cardName(item), exact: true }) });
    await expect(card).toContainText(words.constructions[item.item.specs.construction!]);
    for (const slug of item.item.specs.certificates) await expect(card).toContainText(siteContent.certificates.valid.find((r) => r.slug === slug)!.name);
    // The filters are not offered where they cannot work.
    await expect(page.getByRole("search")).toHaveCount(0);
  });

  test("an address with filters still lists everything (the page never hides a product it cannot show again)", async ({ page }) => {
    await page.goto(`/gallery?family=${siteContent.gallery[0]!.slug}`);
    await expect(cards(page)).toHaveCount(total);
  });
});

test.describe("with JavaScript", { tag: "@content" }, () => {
  test("the filters narrow the list at once, with the count, and the address keeps them: shareable, and Back undoes a step", async ({ page }) => {
    const item = withConstruction();
    const construction = item.item.specs.construction!;
    const sameConstruction = galleryItems.filter((i) => i.item.specs.construction === construction);
    await page.goto("/gallery");
    const search = page.getByRole("search", { name: words.filter.heading });
    await expect(search.getByRole("status")).toHaveText(count(total));

    await search.getByLabel(words.filter.construction).selectOption({ label: words.constructions[construction] });
    await expect(cards(page)).toHaveCount(sameConstruction.length);
    await expect(search.getByRole("status")).toHaveText(count(sameConstruction.length));
    await expect(page).toHaveURL(new RegExp(`/gallery\\?construction=${construction}$`));

    // The search reads names and specifications; here, the product's own name.
    await search.getByLabel(words.filter.search).fill(item.item.label);
    await expect(page.getByRole("main").getByRole("link", { name: cardName(item), exact: true })).toBeVisible();
    await expect(page).toHaveURL(/[?&]q=/);
    const filtered = await cards(page).count();
    await expect(search.getByRole("status")).toHaveText(count(filtered));

    // Shared: the same address opens the same list (a load of it, which the browser counts as a reload).
    const address = page.url();
    await page.goto(address);
    await expect(cards(page)).toHaveCount(filtered);
    await expect(page.getByRole("search").getByLabel(words.filter.search)).toHaveValue(item.item.label);

    // Back: the search is undone, the construction stays.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/gallery\\?construction=${construction}$`));
    await expect(cards(page)).toHaveCount(sameConstruction.length);
    await expect(page.getByRole("search").getByLabel(words.filter.construction)).toHaveValue(construction);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole("button", { name: words.filter.clear }).click();
    await expect(page).toHaveURL(/\/gallery$/);
    await expect(cards(page)).toHaveCount(total);
  });

  test("filters that nothing matches say so, and the minimum order filter keeps products up to it", async ({ page }) => {
    const moqs = [...new Set(galleryItems.map((i) => i.item.specs.terms.moqPiecesPerColour))].sort((a, b) => a - b);
    const smallest = caseOf(moqs.length > 1 ? moqs[0] : undefined, "two products with different minimum orders");
    await page.goto(`/gallery?moq=${smallest}`);
    await expect(cards(page)).toHaveCount(galleryItems.filter((i) => i.item.specs.terms.moqPiecesPerColour <= smallest).length);
    await page.getByRole("search").getByLabel(words.filter.search).fill("zzzz-no-such-product");
    await expect(cards(page)).toHaveCount(0);
    await expect(page.getByRole("search").getByRole("status")).toContainText(words.filter.noResults);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});

test("the catalogue and each family page link their line sheets with the size, and the PDFs are served", { tag: "@content" }, async ({ page, request }) => {
  const family = siteContent.gallery[0]!;
  const familyLink = templatePattern(words.lineSheets.familyLink, { family: escape(family.label), size: sizePattern });
  for (const path of ["/gallery", `/gallery/${family.slug}`]) {
    await page.goto(path);
    const link = page
      .getByRole("main")
      .getByRole("link", { name: /line sheet/ })
      .filter({ hasText: family.label })
      .first();
    await expect(link).toHaveText(familyLink);
    const href = (await link.getAttribute("href"))!;
    const pdf = await request.get(href);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    const size = Number(pdf.headers()["content-length"] ?? (await pdf.body()).length);
    const shown = (await link.textContent())!.match(/(\d+(?:\.\d)?) (kB|MB)/)!;
    expect(Math.abs(Number(shown[1]) * (shown[2] === "MB" ? 1024 * 1024 : 1024) - size)).toBeLessThan(shown[2] === "MB" ? 0.06 * 1024 * 1024 : 1024);
  }
  await page.goto("/gallery");
  const catalogue = page.getByRole("link", { name: templatePattern(words.lineSheets.catalogueLink, { size: sizePattern }) });
  expect((await request.get((await catalogue.getAttribute("href"))!)).status()).toBe(200);
});

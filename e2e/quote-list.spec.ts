import type { Page } from "@playwright/test";
import { content, siteContent, words as interfaceWords } from "./content";
import { expect, seriousA11yViolations, test } from "./fixtures";

// The catalogue side of "Request a quote": every gallery item page and item card has
// "Add to quote request"; the list lives in local storage, the header links to /quote with its
// number of products; without JavaScript the control is a link that opens the form with the product.

const words = interfaceWords.addToQuote;
const header = content.messages[content.locales[0]!.code]!.header;
const storageKey = "ssl.quote-list.v1";

// Two products of different families, from the content the site was built from.
const [firstFamily, secondFamily] = siteContent.gallery;
const onItemPage = { family: firstFamily!, item: firstFamily!.items[0]! };
const onFamilyPage = { family: secondFamily!, item: secondFamily!.items[1]! };
type Product = typeof onItemPage;

const ref = ({ family, item }: Product) => ({ family: family.slug, item: item.slug });
const productName = ({ family, item }: Product) => `${family.label} ${item.label}`;
const controlName = (product: Product) => `${words.add} ${words.product.replace("{product}", productName(product))}`;
const itemPath = ({ family, item }: Product) => `/gallery/${family.slug}/${item.slug}`;
const countName = (count: number) => (count === 1 ? header.quoteRequestOne : header.quoteRequestCount.replace("{count}", String(count)));
const storedList = (page: Page) => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "null") as unknown, storageKey);

test.describe("with JavaScript", () => {
  test("two products added from an item page and a family page: the header counts 2, after a reload too, and links to /quote", async ({ page }) => {
    await page.goto(itemPath(onItemPage));
    await expect(page.getByRole("link", { name: /^Request a quote,/ })).toHaveCount(0);
    const first = page.getByRole("button", { name: controlName(onItemPage), exact: true });
    await expect(first).toHaveAttribute("aria-pressed", "false");
    await first.click();
    await expect(first).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("status").filter({ hasText: words.added.replace("{product}", productName(onItemPage)) })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: words.view })).toHaveAttribute("href", "/quote");
    await expect(page.getByRole("link", { name: countName(1), exact: true })).toBeVisible();

    // The second from its card on the family page, by keyboard.
    await page.goto(`/gallery/${onFamilyPage.family.slug}`);
    await expect(page.getByRole("link", { name: countName(1), exact: true })).toBeVisible();
    const second = page.getByRole("button", { name: controlName(onFamilyPage), exact: true });
    await second.focus();
    await page.keyboard.press("Enter");
    await expect(second).toHaveAttribute("aria-pressed", "true");

    const count = page.getByRole("link", { name: countName(2), exact: true });
    await expect(count).toBeVisible();
    await expect(count).toHaveAttribute("href", "/quote");
    expect(await storedList(page)).toEqual([ref(onItemPage), ref(onFamilyPage)]);

    // Through the card to its item page (a client-side navigation): still in the request.
    await page.getByRole("link", { name: productName(onFamilyPage), exact: true }).click();
    await expect(page).toHaveURL(itemPath(onFamilyPage));
    await expect(page.getByRole("button", { name: controlName(onFamilyPage), exact: true })).toHaveAttribute("aria-pressed", "true");

    await page.reload();
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect(page.getByRole("link", { name: countName(2), exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: controlName(onFamilyPage), exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("main").getByRole("link", { name: words.view })).toHaveAttribute("href", "/quote");

    // Any other page shows the count too.
    await page.goto("/faq");
    await expect(page.getByRole("link", { name: countName(2), exact: true })).toHaveAttribute("href", "/quote");

    // Pressed again on the item page, the product leaves the request.
    await page.goto(itemPath(onItemPage));
    await page.getByRole("button", { name: controlName(onItemPage), exact: true }).click();
    await expect(page.getByRole("link", { name: countName(1), exact: true })).toBeVisible();
    expect(await storedList(page)).toEqual([ref(onFamilyPage)]);
  });

  test("an item page with the control added, and a family page, are axe clean; the control shows its keyboard focus", { tag: "@content" }, async ({ page }) => {
    await page.goto(itemPath(onItemPage));
    const control = page.getByRole("button", { name: controlName(onItemPage), exact: true });
    await control.focus();
    await expect(control).toHaveCSS("outline-style", "solid");
    await page.keyboard.press("Space");
    await expect(control).toHaveAttribute("aria-pressed", "true");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.goto(`/gallery/${onFamilyPage.family.slug}`);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  // A stored list that is not JSON (no count in the header; the next add replaces it) is
  // app/components/add-to-quote/add-to-quote.test.tsx's, on the header and the item page's control,
  // and app/lib/quote-list/quote-list.test.tsx's for the store (decision 0144).

  test("an item page names its product in JSON-LD: name, photos and the company as brand, no price or rating", { tag: "@content" }, async ({ page }) => {
    await page.goto(itemPath(onItemPage));
    const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text) as Record<string, unknown>);
    const product = blocks.find((data) => data["@type"] === "Product");
    expect(product).toMatchObject({ name: productName(onItemPage), brand: { "@type": "Brand", name: content.site.name } });
    expect(product!.image).toHaveLength(onItemPage.item.photos.length);
    for (const invented of ["offers", "aggregateRating", "review"]) expect(product).not.toHaveProperty(invented);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the item page's control is a link to /quote with only the product reference", { tag: "@content" }, async ({ page }) => {
    await page.goto(itemPath(onItemPage));
    const link = page.getByRole("link", { name: controlName(onItemPage), exact: true });
    await expect(link).toHaveAttribute("href", `/quote?item=${onItemPage.family.slug}/${encodeURIComponent(onItemPage.item.slug)}`);
    await expect(page.getByRole("button", { name: controlName(onItemPage) })).toHaveCount(0);
    // The family page's cards carry the same link beside the card's own link.
    await page.goto(`/gallery/${onFamilyPage.family.slug}`);
    await expect(page.getByRole("link", { name: controlName(onFamilyPage), exact: true })).toHaveAttribute(
      "href",
      `/quote?item=${onFamilyPage.family.slug}/${encodeURIComponent(onFamilyPage.item.slug)}`,
    );
  });
});

import { specFacts } from "../app/content/reader/products.server";
import { caseOf, galleryItems, siteContent } from "./content";
import { expect, seriousA11yViolations, test } from "./fixtures";
import { uniqueToken } from "./mail-helpers";
import { fillProduct, fillRequest, firstProduct, quoteForm } from "./quote-helpers";

// Decision 0078: the quote form knows the product. A product with its own minimum order and lead time:
// the form says them under the product once chosen, and refuses a quantity under its minimum times
// the colours — in the browser, and on the server when the form posts without JavaScript.

const own = () =>
  caseOf(
    galleryItems.find((i) => !i.item.slug.includes("&") && i.item.specs.terms.moqPiecesPerColour < 500),
    "gallery product with a minimum order under the company's 500 pieces per colour",
  );
const refOf = (i: ReturnType<typeof own>) => `${i.family.slug}/${i.item.slug}`;

test("a chosen product's own minimum order and lead time are shown and checked, and its minimum is enough", { tag: "@content" }, async ({ page }) => {
  const item = own();
  const perColour = item.item.specs.terms.moqPiecesPerColour;
  const facts = specFacts(item.item.specs, siteContent.catalogue);
  await page.goto(`/quote?item=${refOf(item)}`);
  const form = quoteForm(page);
  const product = firstProduct(form).getByLabel("Product", { exact: true });
  await expect(product).toHaveValue(refOf(item));
  await expect(product).toHaveAccessibleDescription(
    new RegExp(`${facts.find((f) => f.key === "moq")!.value}.*${facts.find((f) => f.key === "leadTime")!.value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`),
  );

  await fillProduct(firstProduct(form), { quantity: String(perColour * 2 - 1), colours: "2" });
  await fillRequest(form, uniqueToken());
  // The earliest month the product's own lead time allows (the helper's month may be earlier).
  const leadDays = item.item.specs.terms.leadTimeDays?.[0] ?? 30;
  const earliest = new Date(Date.now() + (leadDays + 31) * 86_400_000).toISOString().slice(0, 7);
  await form.getByLabel("Wished delivery month").fill(earliest);
  await form.getByRole("button", { name: "Send quote request" }).click();
  const problems = form.getByRole("alert").filter({ has: page.getByRole("heading", { name: "Please correct these fields" }) });
  await expect(
    problems.getByRole("link", {
      name: new RegExp(
        `^Order at least ${(perColour * 2).toLocaleString("en")} pieces: the minimum for this product is ${perColour.toLocaleString("en")} pieces per colour`,
      ),
    }),
  ).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  // Its own minimum is enough, though under the company's 500 per colour.
  await firstProduct(form)
    .getByLabel("Quantity (pieces)")
    .fill(String(perColour * 2));
  await form.getByRole("button", { name: "Send quote request" }).click();
  await expect(form.getByRole("status")).toContainText(/Q-\d{4}-\d{5}/);
});

test.describe("without JavaScript", { tag: "@content" }, () => {
  test.use({ javaScriptEnabled: false });

  test("the server refuses a quantity under the product's own minimum, and takes its minimum", async ({ page }) => {
    const item = own();
    const perColour = item.item.specs.terms.moqPiecesPerColour;
    const leadDays = item.item.specs.terms.leadTimeDays?.[0] ?? 30;
    const month = new Date(Date.now() + (leadDays + 31) * 86_400_000).toISOString().slice(0, 7);
    // Two colours: one piece short of twice its minimum is still above the field's own floor (the
    // lowest minimum of all products), so the browser posts it and the server decides.
    for (const [quantity, lands] of [
      [perColour * 2 - 1, /\/quote\/not-sent\/below-moq$/],
      [perColour * 2, /\/quote\/sent\?ref=Q-\d{4}-\d{5}$/],
    ] as const) {
      await page.goto(`/quote?item=${refOf(item)}`);
      const form = quoteForm(page);
      await fillProduct(firstProduct(form), { quantity: String(quantity), colours: "2" });
      await fillRequest(form, uniqueToken());
      await form.getByLabel("Wished delivery month").fill(month);
      await form.getByRole("button", { name: "Send quote request" }).click();
      await expect(page).toHaveURL(lands);
    }
  });
});

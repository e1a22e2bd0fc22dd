import { specFacts } from "../app/content/reader/products.server";
import { caseOf, galleryItems, siteContent } from "./content";
import { expect, seriousA11yViolations, test } from "./fixtures";
import { uniqueToken } from "./mail-helpers";
import { fillProduct, fillRequest, firstProduct, quoteForm } from "./quote-helpers";

// Decision 0078: the quote form knows the product. A product with its own minimum order and lead time:
// the form says them under the product once chosen. A quantity under its minimum times the colours
// is taken as a trial order (decision 0148): the form says so beside the field before sending, and
// the sent page after — also when the form posts without JavaScript, where the server decides.

const own = () =>
  caseOf(
    galleryItems.find((i) => !i.item.slug.includes("&") && i.item.specs.terms.moqPiecesPerColour < 500),
    "gallery product with a minimum order under the company's 500 pieces per colour",
  );
const refOf = (i: ReturnType<typeof own>) => `${i.family.slug}/${i.item.slug}`;

test(
  "a chosen product's own minimum order and lead time are shown; under its minimum is a trial order, its minimum is not",
  { tag: "@content" },
  async ({ page }) => {
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
    const quantity = firstProduct(form).getByLabel("Quantity (pieces)");
    const note = new RegExp(
      `^${(perColour * 2 - 1).toLocaleString("en")} pieces is below the usual minimum order of this product: ${(perColour * 2).toLocaleString("en")} pieces \\(${perColour.toLocaleString("en")} per colour, 2 colour\\(s\\)\\)\\. You can still send the request: we will discuss it with you as a trial order\\.$`,
    );
    await expect(quantity).toHaveAccessibleDescription(note);
    await expect(firstProduct(form).getByText(note)).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Its own minimum is enough, though under the company's 500 per colour: nothing to say.
    await quantity.fill(String(perColour * 2));
    await expect(firstProduct(form).getByText(note)).toHaveCount(0);
    await fillRequest(form, uniqueToken());
    // The earliest month the product's own lead time allows (the helper's month may be earlier).
    const leadDays = item.item.specs.terms.leadTimeDays?.[0] ?? 30;
    const earliest = new Date(Date.now() + (leadDays + 31) * 86_400_000).toISOString().slice(0, 7);
    await form.getByLabel("Wished delivery month").fill(earliest);
    await form.getByRole("button", { name: "Send quote request" }).click();
    await expect(form.getByRole("status")).toContainText(/Q-\d{4}-\d{5}/);
    await expect(form.getByRole("status")).not.toContainText("trial order");
  },
);

test.describe("without JavaScript", { tag: "@content" }, () => {
  test.use({ javaScriptEnabled: false });

  test("the server takes a quantity under the product's own minimum as a trial order, and its minimum as an order", async ({ page }) => {
    const item = own();
    const perColour = item.item.specs.terms.moqPiecesPerColour;
    const leadDays = item.item.specs.terms.leadTimeDays?.[0] ?? 30;
    const month = new Date(Date.now() + (leadDays + 31) * 86_400_000).toISOString().slice(0, 7);
    // Two colours: one piece short of twice its minimum is a trial order, said on the sent page.
    const trialNote = page.getByText("A quantity you asked for is below the usual minimum order of its product", { exact: false });
    for (const [quantity, lands, trial] of [
      [perColour * 2 - 1, /\/quote\/sent\?ref=Q-\d{4}-\d{5}&trial=1$/, true],
      [perColour * 2, /\/quote\/sent\?ref=Q-\d{4}-\d{5}$/, false],
    ] as const) {
      await page.goto(`/quote?item=${refOf(item)}`);
      const form = quoteForm(page);
      await fillProduct(firstProduct(form), { quantity: String(quantity), colours: "2" });
      await fillRequest(form, uniqueToken());
      await form.getByLabel("Wished delivery month").fill(month);
      await form.getByRole("button", { name: "Send quote request" }).click();
      await expect(page).toHaveURL(lands);
      await expect(page.getByText("Quote request sent successfully!")).toBeVisible();
      if (trial) await expect(trialNote).toBeVisible();
      else await expect(trialNote).toBeHidden();
    }
  });
});

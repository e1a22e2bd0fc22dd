import type { Locator, Page } from "@playwright/test";
import { earliestDeliveryMonth } from "../app/lib/contracts/quote";

// Filling in the /quote form as a buyer does: e2e/quote.spec.ts, and e2e/staff-desk.spec.ts
// for the request that then reaches the staff inbox.

export const quoteForm = (page: Page) => page.getByRole("form", { name: "Request a quote" });
export const firstProduct = (form: Locator) => form.getByRole("group", { name: "Product 1" });
export const secondProduct = (form: Locator) => form.getByRole("group", { name: "Product 2" });

/**
 * Without JavaScript, the rows after the first are inside <noscript> (they are parsed only when
 * scripts are off: decision 0057). A buyer sees them as usual, but Playwright's role and text
 * engines never look inside a NOSCRIPT element, scripts on or off; so there a row is the fieldset
 * whose legend names it, and "Add another product" the summary that says so.
 */
export const productWithoutJs = (form: Locator, n: number) =>
  form.locator("fieldset").filter({ has: form.page().locator("legend", { hasText: new RegExp(`^Product ${n}$`) }) });
export const addProductWithoutJs = (form: Locator) => form.locator("summary", { hasText: "Add another product" });
const deliveryMonth = earliestDeliveryMonth(new Date(Date.now() + 40 * 86_400_000));

export async function fillProduct(row: Locator, { quantity, colours }: { quantity: string; colours: string }) {
  await row.getByLabel("Quantity (pieces)").fill(quantity);
  await row.getByLabel("Number of colours").fill(colours);
  await row.getByLabel("Sizes or size range").fill("S-XXL");
}

/**
 * The buyer's part, from Nordic Retail AB (Anna Berg, anna@nordic.example unless `email` says, Sweden);
 * `token` ends the message. An address of its own per test is acknowledged whatever the others sent
 * (one acknowledgement an hour per address).
 */
export async function fillRequest(form: Locator, token: string, { email = "anna@nordic.example" } = {}) {
  await form.getByLabel("Company name").fill("Nordic Retail AB");
  await form.getByLabel("Contact name").fill("Anna Berg");
  await form.getByLabel("Business e-mail").fill(email);
  await form.getByLabel("Country").selectOption("SE");
  await form.getByLabel("Buyer type").selectOption("retailer");
  await form.getByLabel("Incoterm").selectOption("FOB");
  await form.getByLabel("Destination port or city").fill("Gothenburg");
  await form.getByLabel("Wished delivery month").fill(deliveryMonth);
  await form.getByLabel("Payment mode").selectOption("LC");
  await form.getByLabel("Message (optional)").fill(`Spring collection ${token}`);
}

import type { Locator } from "@playwright/test";
import { expect, seriousA11yViolations, test } from "./fixtures";
import { notResumeSamples, resumeSamples } from "../test-support/resume-samples";
import { emlContaining, mailText, uniqueToken } from "./mail-helpers";
import { addProductWithoutJs, fillProduct, fillRequest, firstProduct, productWithoutJs, quoteForm, secondProduct } from "./quote-helpers";
import { galleryItems } from "./content";

// Two products of the content under test, by reference (family/item), as /quote?item= takes them:
// ones on the company's terms (500 pieces per colour, 30 days at the shortest), which the messages
// below name; a product's own terms are tested in e2e/products-quote.spec.ts.
const [hoodie, jacket] = galleryItems
  .filter((i) => !i.item.slug.includes("&") && i.item.specs.terms.moqPiecesPerColour === 500 && i.item.specs.terms.leadTimeDays === null)
  .map((i) => `${i.family.slug}/${i.item.slug}`);

// The /quote form with JavaScript on and off, against the real `npm start` server: the
// request is stored and relayed to the SMTP sink, so the notification and the buyer's
// acknowledgement are read from what the sink received.

const pdf = { name: "tech-pack.pdf", mimeType: "application/pdf", buffer: Buffer.from(resumeSamples.pdf) };
const png = { name: "reference.png", mimeType: "image/png", buffer: Buffer.from(resumeSamples.png) };

/** The buyer's own address in one test: the token finds both mails (the acknowledgement holds no message). */
const buyerEmail = (token: string) => `anna+${token}@nordic.example`;

/**
 * The notification and the acknowledgement of one request, each relayed once, with the same
 * reference; the acknowledgement with nothing the buyer wrote (decision 0064).
 */
async function expectBothMails(token: string, reference: string) {
  await expect.poll(async () => (await emlContaining(token)).length).toBe(2);
  const mails = await emlContaining(token);
  const notification = mails.find((m) => /^Subject: Quote request /m.test(m))!;
  const acknowledgement = mails.find((m) => /^Subject: Your quote request /m.test(m))!;
  expect(notification).toMatch(new RegExp(`^Subject: Quote request ${reference}: Nordic Retail AB \\(from Anna Berg\\)$`, "m"));
  expect(notification).toContain(`Spring collection ${token}`);
  expect(acknowledgement).toMatch(new RegExp(`^Subject: Your quote request \\[${reference}\\]$`, "m"));
  expect(acknowledgement).toMatch(new RegExp(`^To: ${buyerEmail(token).replace(/[.+]/g, "\\$&")}$`, "m"));
  for (const typed of ["Anna Berg", "Nordic Retail AB", "Gothenburg", "Spring collection", "S-XXL", "tech-pack"]) expect(acknowledgement).not.toContain(typed);
  return { notification, acknowledgement };
}

const expectNothingSent = async (token: string) => expect(await emlContaining(token)).toEqual([]);

/** What the form says beside a quantity under its product's minimum, and what the form and the sent page say once it is sent (decision 0148). */
const trialNote = (quantity: string, minimum: string, colours: string) =>
  `${quantity} pieces is below the usual minimum order of this product: ${minimum} pieces (500 per colour, ${colours} colour(s)). You can still send the request: we will discuss it with you as a trial order.`;
const sentTrialNote =
  "A quantity you asked for is below the usual minimum order of its product: we take your request as a trial order and will discuss it with you.";

test.describe("with JavaScript", () => {
  test("/quote?item= chooses the product; another is added; sent with a PDF and a PNG: one reference in both mails", { tag: "@content" }, async ({ page }) => {
    const token = uniqueToken();
    await page.goto(`/quote?item=${hoodie}`);
    const form = quoteForm(page);
    await expect(firstProduct(form).getByLabel("Product", { exact: true })).toHaveValue(hoodie!);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await fillProduct(firstProduct(form), { quantity: "1500", colours: "3" });
    // One row until the buyer asks for another; the new row takes the keyboard focus.
    await expect(secondProduct(form)).toHaveCount(0);
    await form.getByRole("button", { name: "Add another product" }).click();
    await expect(secondProduct(form).getByLabel("Product", { exact: true })).toBeFocused();
    await secondProduct(form).getByLabel("Product", { exact: true }).selectOption(jacket!);
    await fillProduct(secondProduct(form), { quantity: "500", colours: "1" });
    await fillRequest(form, token, { email: buyerEmail(token) });
    await form.getByLabel(/Tech pack/).setInputFiles([pdf, png]);
    await form.getByRole("button", { name: "Send quote request" }).click();

    const status = page.getByRole("status").filter({ hasText: "Quote request sent." });
    await expect(status).toContainText(/Your reference is Q-\d{4}-\d{5}/);
    const reference = /Q-\d{4}-\d{5}/.exec((await status.textContent())!)![0];
    const { notification } = await expectBothMails(token, reference);
    expect(notification).toContain(hoodie!);
    expect(notification).toContain(jacket!);
    expect(notification).toMatch(/filename=tech-pack\.pdf/);
    expect(notification).toMatch(/filename=reference\.png/);
  });

  test("a wrong file type, a file too large and a delivery month too early: each named, nothing sent, all kept; a quantity under the MOQ is no problem", async ({
    page,
  }) => {
    const token = uniqueToken();
    await page.goto(`/quote?item=${hoodie}`);
    const form = quoteForm(page);
    await fillProduct(firstProduct(form), { quantity: "600", colours: "2" });
    await fillRequest(form, token, { email: buyerEmail(token) });
    await form.getByLabel("Wished delivery month").fill("2020-01");
    const program = { name: "tech-pack.pdf", mimeType: "application/pdf", buffer: Buffer.from(notResumeSamples.exe) };
    await form.getByLabel(/Tech pack/).setInputFiles([program]);
    await form.getByRole("button", { name: "Send quote request" }).click();

    const problems = form.getByRole("alert").filter({ has: page.getByRole("heading", { name: "Please correct these fields" }) });
    await expect(problems.getByRole("link", { name: /This file is not accepted/ })).toBeVisible();
    await expect(problems.getByRole("link", { name: /^Choose .* or later: the lead time of what you chose is at least 30 days\.$/ })).toBeVisible();
    await expect(problems.getByRole("link")).toHaveCount(2);
    // Under the minimum is said beside the quantity, as a trial order to discuss, never as a problem.
    await expect(firstProduct(form).getByLabel("Quantity (pieces)")).toHaveAccessibleDescription(trialNote("600", "1,000", "2"));
    await expect(firstProduct(form).getByLabel("Quantity (pieces)")).not.toHaveAttribute("aria-invalid", "true");
    await problems.getByRole("link", { name: /^Choose .* or later/ }).click();
    await expect(form.getByLabel("Wished delivery month")).toBeFocused();

    const tooLarge = { name: "photos.pdf", mimeType: "application/pdf", buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 0x25) };
    await form.getByLabel(/Tech pack/).setInputFiles([tooLarge]);
    await form.getByRole("button", { name: "Send quote request" }).click();
    await expect(problems.getByRole("link", { name: "A file is larger than 10 MB. Please send a smaller one." })).toBeVisible();

    await expect(firstProduct(form).getByLabel("Quantity (pieces)")).toHaveValue("600");
    await expect(form.getByLabel("Company name")).toHaveValue("Nordic Retail AB");
    await expectNothingSent(token);
  });

  test(
    "a quantity under the MOQ is sent as a trial order: said beside it before sending, under the form once sent, and in both mails",
    { tag: "@content" },
    async ({ page }) => {
      const token = uniqueToken();
      await page.goto(`/quote?item=${hoodie}`);
      const form = quoteForm(page);
      await fillProduct(firstProduct(form), { quantity: "600", colours: "2" });
      await expect(firstProduct(form).getByText(trialNote("600", "1,000", "2"))).toBeVisible();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await fillRequest(form, token, { email: buyerEmail(token) });
      await form.getByRole("button", { name: "Send quote request" }).click();

      const status = page.getByRole("status").filter({ hasText: "Quote request sent." });
      await expect(status).toContainText(/Your reference is Q-\d{4}-\d{5}/);
      await expect(status).toContainText(sentTrialNote);
      const reference = /Q-\d{4}-\d{5}/.exec((await status.textContent())!)![0];
      const { notification, acknowledgement } = await expectBothMails(token, reference);
      expect(await mailText(acknowledgement)).toContain("Trial order: below the usual minimum of 1,000 pieces");
      expect(await mailText(notification)).toContain("Trial order: below the usual minimum of 1,000 pieces");
    },
  );
  test("/quote/sent keeps the trial-order note the server showed through hydration, and shows none without trial=1", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (message) => void (message.type() === "error" && errors.push(message.text())));
    await page.goto("/quote/sent?ref=Q-2026-00042&trial=1");
    await expect(page.getByText("Q-2026-00042")).toBeVisible();
    await expect(page.getByText(sentTrialNote)).toBeVisible();
    await page.goto("/quote/sent?ref=Q-2026-00042");
    await expect(page.getByText("Q-2026-00042")).toBeVisible();
    await expect(page.getByText(sentTrialNote)).toBeHidden();
    expect(errors).toEqual([]);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test(
    "/quote?item= has the product chosen; a native post with a PDF lands on /quote/sent with the reference of both mails",
    { tag: "@content" },
    async ({ page }) => {
      const token = uniqueToken();
      await page.goto(`/quote?item=${hoodie}`);
      const form = quoteForm(page);
      await expect(firstProduct(form).getByLabel("Product", { exact: true })).toHaveValue(hoodie!);
      await fillProduct(firstProduct(form), { quantity: "1000", colours: "2" });
      await addProductWithoutJs(form).click();
      await productWithoutJs(form, 2).getByLabel("Product", { exact: true }).selectOption(jacket!);
      await fillProduct(productWithoutJs(form, 2), { quantity: "500", colours: "1" });
      await fillRequest(form, token, { email: buyerEmail(token) });
      await form.getByLabel(/Tech pack/).setInputFiles([pdf, png]);
      await form.getByRole("button", { name: "Send quote request" }).click();

      await expect(page).toHaveURL(/\/quote\/sent\?ref=Q-\d{4}-\d{5}$/);
      const reference = new URL(page.url()).searchParams.get("ref")!;
      await expect(page.getByText("Quote request sent successfully!")).toBeVisible();
      await expect(page.getByText(reference)).toBeVisible();
      const { notification } = await expectBothMails(token, reference);
      expect(notification).toMatch(/filename=tech-pack\.pdf/);
      expect(notification).toMatch(/filename=reference\.png/);
      await expect(page.getByText(sentTrialNote)).toBeHidden();
    },
  );

  test(
    "a quantity under the MOQ is posted and lands on /quote/sent, which says it is a trial order to discuss; both mails say so",
    { tag: "@content" },
    async ({ page }) => {
      const token = uniqueToken();
      await page.goto(`/quote?item=${hoodie}`);
      const form = quoteForm(page);
      // The form tells it before sending without JavaScript too, in its terms box.
      await expect(page.getByRole("complementary", { name: "Our terms" })).toContainText("Trial orders");
      await fillProduct(firstProduct(form), { quantity: "600", colours: "2" });
      await fillRequest(form, token, { email: buyerEmail(token) });
      await form.getByRole("button", { name: "Send quote request" }).click();

      await expect(page).toHaveURL(/\/quote\/sent\?ref=Q-\d{4}-\d{5}&trial=1$/);
      const reference = new URL(page.url()).searchParams.get("ref")!;
      await expect(page.getByText("Quote request sent successfully!")).toBeVisible();
      await expect(page.getByText(reference)).toBeVisible();
      await expect(page.getByText(sentTrialNote)).toBeVisible();
      const { acknowledgement } = await expectBothMails(token, reference);
      expect(await mailText(acknowledgement)).toContain("Trial order: below the usual minimum of 1,000 pieces");
    },
  );

  for (const [name, change, problem, text] of [
    [
      "a wrong file type",
      async (form: Locator) =>
        form.getByLabel(/Tech pack/).setInputFiles([{ name: "tech-pack.pdf", mimeType: "application/pdf", buffer: Buffer.from(notResumeSamples.exe) }]),
      "attachment-type",
      /This file is not accepted/,
    ],
    // Taken in silence before decision 0063.
    [
      "a delivery month years ahead",
      async (form: Locator) => form.getByLabel("Wished delivery month").fill("2099-12"),
      "delivery-too-late",
      /The delivery month is too far ahead/,
    ],
  ] as const) {
    test(`${name} lands on its not-sent page; Back keeps what was typed; nothing sent`, async ({ page }) => {
      const token = uniqueToken();
      await page.goto(`/quote?item=${hoodie}`);
      const form = quoteForm(page);
      await fillProduct(firstProduct(form), { quantity: "1000", colours: "2" });
      await fillRequest(form, token, { email: buyerEmail(token) });
      await change(form);
      await form.getByRole("button", { name: "Send quote request" }).click();
      await expect(page).toHaveURL(new RegExp(`/quote/not-sent/${problem}$`));
      await expect(page.getByText(text)).toBeVisible();
      await page.goBack();
      await expect(quoteForm(page).getByLabel("Company name")).toHaveValue("Nordic Retail AB");
      await expectNothingSent(token);
    });
  }
});

// Screenshots of the quote form, the staff inbox, a customer's page, a quotation version's changes and
// What the content lacks (an editor's, decision 0150), on a phone and a desktop, for the docs
// (docs/screenshots/*.png): the built site (`npm run build` first) served by `npm start`'s server on
// an embedded database seeded as the staff desk's e2e seeds it (scripts/test-setup/staff-e2e-*),
// with quote requests sent through /quote as a buyer sends them. Run with tsx:
//   node --import tsx scripts/generate/desk-screenshots.mjs
import { mkdir } from "node:fs/promises";
import { chromium } from "@playwright/test";
import { fillProduct, fillRequest, firstProduct, quoteForm, secondProduct } from "../../e2e/quote-helpers.ts";
import { loadSiteContent } from "../../app/content/reader/site-content.server.ts";
import { chromiumFlags, chromiumPath } from "../test-setup/chromium-flags.mjs";
import { startStaffE2eServer } from "../test-setup/staff-e2e-servers.mjs";
import { staffE2eAccounts, staffE2ePassword } from "../test-setup/staff-e2e-data.ts";

const out = "docs/screenshots";
const sizes = {
  desktop: { viewport: { width: 1280, height: 900 } },
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
};

const { gallery } = await loadSiteContent();
const products = gallery.flatMap((f) => f.items.map((i) => `${f.slug}/${i.slug}`)).filter((ref) => !ref.includes("&"));
const server = await startStaffE2eServer();
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
const shots = [];
try {
  await mkdir(out, { recursive: true });
  const contextFor = async (size) => {
    const context = await browser.newContext({ ...sizes[size], baseURL: server.origin });
    await context.route(/^(?!https?:\/\/(localhost|127\.0\.0\.1)[:/])/, (route) => route.fulfill({ status: 204, body: "" }));
    return context;
  };
  const signIn = async (page, account) => {
    await page.goto("/staff/sign-in");
    await page.getByLabel("E-mail address").fill(account.email);
    await page.getByLabel("Password").fill(staffE2ePassword);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => !url.pathname.endsWith("/sign-in"));
  };
  const shoot = async (page, name) => {
    const path = `${out}/${name}.png`;
    await page.screenshot({ path, fullPage: true });
    shots.push(path);
  };

  // Two buyers' requests, sent as a buyer sends them, for the inbox to show.
  const buyer = await (await contextFor("desktop")).newPage();
  for (const [n, [first, second]] of [
    [products[0], products[3]],
    [products[5], undefined],
  ].entries()) {
    await buyer.goto(`/quote?item=${first}`);
    await buyer.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const form = quoteForm(buyer);
    await fillProduct(firstProduct(form), { quantity: String(1500 + n * 1000), colours: "3" });
    if (second) {
      await form.getByText("Add another product").click();
      await secondProduct(form).getByLabel("Product", { exact: true }).selectOption(second);
      await fillProduct(secondProduct(form), { quantity: "600", colours: "1" });
    }
    await fillRequest(form, n === 0 ? "— 3 colourways, GOTS cotton" : "— repeat order");
    await form.getByRole("button", { name: "Send quote request" }).click();
    await buyer.getByRole("status").filter({ hasText: "Quote request sent." }).waitFor();
  }

  for (const size of ["desktop", "phone"]) {
    const context = await contextFor(size);
    const page = await context.newPage();
    // The form as a buyer finds it from an item page: the product chosen, the terms beside it.
    await page.goto(`/quote?item=${products[0]}`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await shoot(page, `quote-form-${size}`);

    await signIn(page, staffE2eAccounts.sales);
    await page.goto("/staff/leads");
    await shoot(page, `inbox-list-${size}`);
    await page.getByRole("table").getByRole("row").filter({ hasText: "quote" }).first().getByRole("link").first().click();
    await page.getByRole("heading", { level: 1 }).waitFor();
    await shoot(page, `inbox-lead-${size}`);
    // The customer's page from there (decision 0149): every lead of the same address or company.
    await page.getByRole("link", { name: /^All leads from this customer/ }).click();
    await page.getByRole("heading", { level: 1, name: /^Customer: / }).waitFor();
    await shoot(page, `customer-view-${size}`);
    await context.close();
  }

  // What the content lacks, as an editor finds it: the server's copy of the content the site was built from.
  for (const size of ["desktop", "phone"]) {
    const context = await contextFor(size);
    const page = await context.newPage();
    await signIn(page, staffE2eAccounts.editor);
    await page.goto("/staff/content-gaps");
    await page.getByRole("heading", { level: 1, name: "What the content lacks" }).waitFor();
    await shoot(page, `content-gaps-${size}`);
    await context.close();
  }

  // A version's changes from the one before (decision 0151): v1 and v2 of the newest request sent as
  // sales send them (the editor, then the e-mail's page), v2's page on both sizes.
  const sales = await (await contextFor("desktop")).newPage();
  await signIn(sales, staffE2eAccounts.sales);
  await sales.goto("/staff/leads");
  await sales.getByRole("table").getByRole("row").filter({ hasText: "quote" }).first().getByRole("link").first().click();
  await sales.getByRole("heading", { level: 1 }).waitFor();
  const leadUrl = sales.url();
  const sendVersion = async (edit) => {
    await sales.getByRole("button", { name: "Prepare a quotation" }).click();
    await edit();
    await sales.getByRole("button", { name: "Review the e-mail to the buyer" }).click();
    await sales.getByLabel("Text of the e-mail").waitFor();
    await sales.getByRole("button", { name: "Send to the buyer" }).click();
    await sales.waitForURL(leadUrl);
  };
  await sendVersion(async () => {
    const line = sales.getByRole("group", { name: "Line 1" });
    await line.getByLabel("Unit price").fill("9.25");
    await line.getByLabel("Currency").fill("EUR");
    await sales.getByLabel("Named place").fill("Chittagong");
  });
  await sendVersion(async () => {
    const line = sales.getByRole("group", { name: "Line 1" });
    await line.getByLabel("Quantity (pieces)").fill("3500");
    await line.getByLabel("Unit price").fill("8.90");
    const added = sales.getByRole("group", { name: "Add a line" });
    await added.getByLabel("Product").fill("Cotton tote bag");
    await added.getByLabel("Quantity (pieces)").fill("2000");
    await added.getByLabel("Unit price").fill("1.10");
    await added.getByLabel("Currency").fill("USD");
    await sales.getByLabel("Incoterm (2020)").selectOption("CIF");
    await sales.getByLabel("Named place").fill("Hamburg");
  });
  const versionPage = await sales.getByRole("link", { name: "Changes from v1" }).first().getAttribute("href");
  await sales.context().close();
  for (const size of ["desktop", "phone"]) {
    const context = await contextFor(size);
    const page = await context.newPage();
    await signIn(page, staffE2eAccounts.sales);
    await page.goto(versionPage);
    await page.getByRole("heading", { level: 2, name: "What changed from v1" }).waitFor();
    await shoot(page, `version-compare-${size}`);
    await context.close();
  }
  console.log(shots.join("\n"));
} finally {
  await browser.close();
  await server.stop();
}

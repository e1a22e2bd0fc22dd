import { expect, seriousA11yViolations, test } from "./fixtures";
import { headlessRefusal, interceptSend, isRed, textRgb } from "./mail-helpers";

const typed = { name: "Ada Buyer", email: "ada@example.com", subject: "Knitwear order", message: "We need 5,000 sweaters by May." };

async function fillContact(page: import("@playwright/test").Page) {
  const form = page.getByRole("form", { name: "Get In Touch" });
  await form.getByLabel("Name").fill(typed.name);
  await form.getByLabel("Email").fill(typed.email);
  await form.getByLabel("Subject").fill(typed.subject);
  await form.getByLabel("Message").fill(typed.message);
  return form;
}

async function expectKept(form: import("@playwright/test").Locator) {
  await expect(form.getByLabel("Name")).toHaveValue(typed.name);
  await expect(form.getByLabel("Email")).toHaveValue(typed.email);
  await expect(form.getByLabel("Subject")).toHaveValue(typed.subject);
  await expect(form.getByLabel("Message")).toHaveValue(typed.message);
}

test.describe("/contact", () => {
  test("shows the head office address, e-mail and phone, and is axe clean", { tag: "@content" }, async ({ page }) => {
    await page.goto("/contact");
    const main = page.getByRole("main");
    await expect(main.getByText(/Uttara, Dhaka-1230, Bangladesh/)).toBeVisible();
    await expect(main.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
    await expect(main.getByRole("link", { name: /^\+880/ })).toHaveAttribute("href", /^tel:\+880/);
    const form = page.getByRole("form", { name: "Get In Touch" });
    await expect(form.getByLabel("Email")).toHaveAttribute("type", "email");
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test("loads the map only after 'Show map' is pressed", async ({ page }) => {
    const mapRequests: string[] = [];
    page.on("request", (r) => {
      if (/google\./.test(r.url())) mapRequests.push(r.url());
    });
    await page.goto("/contact");
    await expect(page.getByRole("img", { name: /Sketch map of Uttara/ })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(mapRequests).toEqual([]);
    await expect(page.locator("iframe")).toHaveCount(0);

    await page.getByRole("button", { name: "Show map" }).click();
    const frame = page.getByTitle("Map of our head office in Uttara, Dhaka");
    await expect(frame).toHaveAttribute("src", /^https:\/\/www\.google\.com\/maps/);
    await expect(frame).toBeFocused();
    await expect.poll(() => mapRequests.length).toBeGreaterThan(0);
    await expect(page.getByRole("link", { name: /Open in Google Maps/ })).toHaveAttribute("rel", "noopener noreferrer");
  });

  // The other refusals (403, 429, a network error), the send that gets no answer in 15 s, and the
  // sent message (its four fields, the contact template, "Sending...", success, cleared form) are
  // app/features/forms/contact-form.test.tsx's, on the same ContactForm (decision 0144). The success
  // message's green on the rendered page: e2e/career.spec.ts, on the same FormStatus.
  test("ends a 451 Unavailable For Headless Browser in the failure message and keeps the input", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    await interceptSend(page, headlessRefusal);
    await page.goto("/contact");
    const form = await fillContact(page);
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByRole("status")).toHaveText("Error sending message. Please try again.");
    expect(isRed(await textRgb(form.getByText("Error sending message. Please try again.")))).toBe(true);
    await expectKept(form);
    expect(errors.join("\n")).toMatch(/contact form: sending failed/);
  });
});

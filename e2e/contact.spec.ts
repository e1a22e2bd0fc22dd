import { localMailIds } from "../app/lib/contracts/form-endpoint";
import { expect, seriousA11yViolations, test } from "./fixtures";
import { failures, interceptSend, isGreen, isRed, textRgb } from "./mail-helpers";

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

  test("sends the four fields, shows 'Sending...', then success, and clears the form", async ({ page }) => {
    const send = await interceptSend(page, "hold");
    await page.goto("/contact");
    const form = await fillContact(page);
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByRole("button", { name: "Sending..." })).toBeDisabled();

    const body = (await send.request).postDataJSON();
    expect(body).toMatchObject({
      user_id: localMailIds.publicKey,
      service_id: localMailIds.serviceId,
      template_id: localMailIds.templates.contact,
      template_params: typed,
    });
    expect(Object.keys(body.template_params).sort()).toEqual(["email", "message", "name", "subject"]);
    send.release();

    const status = form.getByRole("status");
    await expect(status).toHaveText("Message sent successfully!");
    expect(isGreen(await textRgb(status.getByText("Message sent successfully!")))).toBe(true);
    await expect(form.getByLabel("Name")).toHaveValue("");
    await expect(form.getByLabel("Message")).toHaveValue("");
    await expect(form.getByRole("button", { name: "Send Message" })).toBeEnabled();
  });

  for (const failure of failures) {
    test(`ends a ${failure.name} in the failure message and keeps the input`, async ({ page }) => {
      const errors: string[] = [];
      page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
      await interceptSend(page, failure.answer);
      await page.goto("/contact");
      const form = await fillContact(page);
      await form.getByRole("button", { name: "Send Message" }).click();
      await expect(form.getByRole("status")).toHaveText("Error sending message. Please try again.");
      expect(isRed(await textRgb(form.getByText("Error sending message. Please try again.")))).toBe(true);
      await expectKept(form);
      expect(errors.join("\n")).toMatch(/contact form: sending failed/);
    });
  }

  test("ends a send with no answer after 15 s in the failure message and keeps the input", async ({ page }) => {
    await page.clock.install();
    const send = await interceptSend(page, "hold");
    await page.goto("/contact");
    const form = await fillContact(page);
    // Stop the page's clock (jumping past the minimum fill time): from here only runFor moves it.
    await page.clock.pauseAt(Date.now() + 5_000);
    await form.getByRole("button", { name: "Send Message" }).click();
    await send.request;
    await page.clock.runFor(14_000);
    await expect(form.getByRole("button", { name: "Sending..." })).toBeDisabled();
    await expect(form.getByRole("status")).toHaveText("");
    await page.clock.runFor(1_500);
    await expect(form.getByRole("status")).toHaveText("Error sending message. Please try again.");
    await expectKept(form);
    send.release();
  });
});

import { expect, test } from "./fixtures";
import { emlContaining, uniqueToken } from "./mail-helpers";

// No interception here: the built-in EmailJS-compatible endpoint of `npm start` takes the
// submission, stores it in the leads database and relays it to the SMTP sink playwright.config.ts starts.

test("a contact message reaches the company's mail server as one message, end to end", async ({ page }) => {
  const token = uniqueToken();
  await page.goto("/contact");
  const form = page.getByRole("form", { name: "Get In Touch" });
  await form.getByLabel("Name").fill("End To End");
  await form.getByLabel("Email").fill("e2e@example.com");
  await form.getByLabel("Subject").fill(`Outbox check ${token}`);
  await form.getByLabel("Message").fill(`Please confirm ${token} arrives.`);
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByRole("status")).toHaveText("Message sent successfully!", { timeout: 15_000 });

  await expect.poll(async () => (await emlContaining(token)).length).toBe(1);
  const [eml] = await emlContaining(token);
  expect(eml).toMatch(/^Reply-To: End To End <e2e@example\.com>$/m);
  expect(eml).toContain(`Please confirm ${token} arrives.`);
});

test("the endpoint answers bad input with a 4xx reason and keeps serving", async ({ request }) => {
  const bad = await request.post("/api/v1.0/email/send", { headers: { "Content-Type": "application/json" }, data: Buffer.from("{ nope") });
  expect(bad.status()).toBe(400);
  expect(await bad.text()).toMatch(/not valid JSON/);
  expect((await request.get("/contact")).status()).toBe(200);
});

import { readdir, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { expect, test } from "./fixtures";

// No interception here: the built-in EmailJS-compatible endpoint of `npm start` takes the
// submission and writes it to the outbox the server was started with (OUTBOX_DIR, default ./outbox).
const outboxDir = resolve(process.env.OUTBOX_DIR || "outbox");

async function emlContaining(token: string): Promise<string[]> {
  const files = (await readdir(outboxDir).catch(() => [])).filter((f) => f.endsWith(".eml"));
  const sentDir = join(outboxDir, "sent");
  const sent = (await readdir(sentDir).catch(() => [])).map((f) => join("sent", f));
  const hits: string[] = [];
  for (const file of [...files, ...sent]) {
    const text = await readFile(join(outboxDir, file), "utf8").catch(() => "");
    if (text.includes(token)) hits.push(text);
  }
  return hits;
}

test("a contact message reaches the outbox as one .eml, end to end", async ({ page }) => {
  const token = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
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

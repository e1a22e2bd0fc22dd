import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { content } from "./content";
import { publishAfter as lastPublishAfter, publishCeilingMs, saveLandsMs, studioExpect, studioServerForFile, watchPage } from "./studio-helpers";

// A FAQ entry added in the real studio (Keystatic's UI at /keystatic, Chromium) is published on /faq
// and in its FAQPage data. `npm start`'s server runs on a free port with temp copies of the content
// under test and its build (scripts/test-setup/studio-server.mjs), beside studio.spec.ts's.

// One server for the file, its tests in order; after a failure Playwright starts a fresh worker (and server).
test.describe.configure({ timeout: 180_000 });
const studio = studioServerForFile();

/** The last publish, if it finished after `since` (ms): a failed one ends the wait with its reason. */
const publishAfter = (since: number) => lastPublishAfter(studio.server.origin, since);

test("add a FAQ entry: /faq shows one question more and its FAQPage JSON-LD has the new one", { tag: "@content" }, async ({ page, request }) => {
  const questions = content.faq.entries.length + 1;
  const problems = await watchPage(page);
  const question = "Do you send pre-production samples by air?";
  const answer = "Yes. Pre-production samples go by air courier within five working days of approval.";
  const before = await readdir(join(studio.server.contentDir, "faq"));

  await page.goto(`${studio.server.origin}/keystatic/collection/faqEntries/create`);
  await studioExpect(page.getByRole("textbox", { name: "Question" })).toBeEditable();
  await page.getByRole("textbox", { name: "Question" }).fill(question);
  await page.getByRole("textbox", { name: "Position" }).fill("999"); // after every other question
  const editor = page.getByRole("textbox", { name: "Answer" });
  await editor.click();
  await page.keyboard.type(answer);
  await page.getByRole("button", { name: "Create" }).click();
  const savedAt = Date.now();

  await expect.poll(async () => (await readdir(join(studio.server.contentDir, "faq"))).length, { timeout: saveLandsMs }).toBe(before.length + 1);

  await expect
    .poll(
      async () => {
        if (!(await publishAfter(savedAt))) return "not yet";
        const html = await (await request.get(`${studio.server.origin}/faq`)).text();
        return html.includes(question) ? "published" : "not yet";
      },
      { timeout: Math.max(1000, publishCeilingMs - (Date.now() - savedAt)), intervals: [1000] },
    )
    .toBe("published");

  await page.goto(`${studio.server.origin}/faq`);
  await expect(page.locator("main details")).toHaveCount(questions);
  await expect(page.getByText(question)).toBeVisible();
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  const faqPage = jsonLd
    .map((text) => JSON.parse(text) as { "@type"?: string; mainEntity?: Array<{ name: string; acceptedAnswer: { text: string } }> })
    .find((data) => data["@type"] === "FAQPage");
  expect(faqPage?.mainEntity).toHaveLength(questions);
  expect(faqPage?.mainEntity?.map((entry) => entry.name)).toContain(question);
  expect(problems).toEqual([]);
});

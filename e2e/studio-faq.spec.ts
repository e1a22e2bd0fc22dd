import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { parse } from "yaml";
import { contentFileNames, saveLandsMs, studioExpect, studioServerForFile, watchPage } from "./studio-helpers";

// A FAQ entry added in the real studio (Keystatic's UI at /keystatic, Chromium) is written as the
// site reads it: a new Markdoc file with its question, position and answer. `npm start`'s server runs
// on a free port with temp copies of the content under test and its build
// (scripts/test-setup/studio-server.mjs), beside studio.spec.ts's.
//
// Where the rest is checked (decision 0197): that a save is published is studio.spec.ts's; that a new
// FAQ entry is on /faq with its FAQPage data is faq.spec.ts's and seo.spec.ts's on the staff-edited
// content, which adds one (scripts/test-setup/staff-edits.mjs). So its server does not publish: the
// save builds nothing (decision 0202).

// One server for the file, its tests in order; after a failure Playwright starts a fresh worker (and server).
test.describe.configure({ timeout: 180_000 });
const studio = studioServerForFile({ PUBLISH: "0" });

/** A Markdoc file as the studio writes it: its YAML header and its text. */
async function readEntry(file: string) {
  const [, header, body] = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/.exec(await readFile(file, "utf8")) ?? [];
  return { data: parse(header ?? "") as Record<string, unknown>, body: body ?? "" };
}

test("add a FAQ entry: the studio writes a new entry with its question, position and answer", async ({ page }) => {
  const problems = await watchPage(page);
  const question = "Do you send pre-production samples by air?";
  const answer = "Yes. Pre-production samples go by air courier within five working days of approval.";
  const faqDir = join(studio.server.contentDir, "faq");
  const before = await contentFileNames(faqDir);

  await page.goto(`${studio.server.origin}/keystatic/collection/faqEntries/create`);
  await studioExpect(page.getByRole("textbox", { name: "Question" })).toBeEditable();
  await page.getByRole("textbox", { name: "Question" }).fill(question);
  await page.getByRole("textbox", { name: "Position" }).fill("999"); // after every other question
  const editor = page.getByRole("textbox", { name: "Answer" });
  await editor.click();
  await page.keyboard.type(answer);
  await page.getByRole("button", { name: "Create" }).click();

  const added = async () => (await contentFileNames(faqDir)).filter((name) => !before.includes(name));
  await expect.poll(added, { timeout: saveLandsMs }).toHaveLength(1);
  const [file] = await added();
  expect(file).toMatch(/\.mdoc$/);
  // Written in one piece (renamed in, decision 0200); polled all the same, as a reader of the folder would.
  await expect.poll(async () => (await readEntry(join(faqDir, file!))).data, { timeout: saveLandsMs }).toEqual({ question, order: 999 });
  expect((await readEntry(join(faqDir, file!))).body.trim()).toBe(answer);
  expect(problems).toEqual([]);
});

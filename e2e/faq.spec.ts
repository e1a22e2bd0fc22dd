import type { Page } from "@playwright/test";
import { expect, expectVideoPlaysWhenAsked, seriousA11yViolations, test } from "./fixtures";
import { richTextToPlain } from "../app/content/rich-text";
import { content, words } from "./content";

const { faq } = content;

const [first, second] = faq.entries;
const answer = (e: typeof first) => richTextToPlain(e!.answer);

/** A question: the summary of its <details> (the browser's disclosure control). */
const question = (page: Page, text: string) => page.locator("summary", { hasText: text });

test.describe("FAQ page", () => {
  test("prerendered HTML carries every question and answer before any script", { tag: "@content" }, async ({ request }) => {
    const html = await (await request.get("/faq")).text();
    expect(html.match(/<details [^>]*name="faq"/g)).toHaveLength(faq.entries.length);
    for (const e of faq.entries) {
      expect(html).toContain(e.question);
      expect(html).toContain(richTextToPlain(e.answer).replace(/&/g, "&amp;").split(" ").slice(0, 6).join(" "));
    }
  });

  test("has the video banner and the breadcrumb Home / faq", { tag: "@content" }, async ({ page }) => {
    await page.goto("/faq");
    await expect(page.getByRole("heading", { level: 1, name: content.pages.faq.heading })).toBeVisible();
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(crumbs).toHaveText(new RegExp(`${words.labels.breadcrumbHome}\\s*/\\s*${content.pages.faq.breadcrumb}`));
    await expectVideoPlaysWhenAsked(page, { ...faq.bannerVideo, muted: true });
  });

  test("works from the keyboard: Tab moves between questions, Enter and Space toggle", async ({ page }) => {
    await page.goto("/faq");
    const q1 = question(page, first!.question);
    const q2 = question(page, second!.question);
    await q1.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText(answer(first))).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(q2).toBeFocused();
    await page.keyboard.press("Space");
    await expect(page.getByText(answer(second))).toBeVisible();
    await expect(page.getByText(answer(first))).toBeHidden();
    await page.keyboard.press("Space");
    await expect(page.getByText(answer(second))).toBeHidden();
  });

  test("axe finds nothing serious with an answer open", { tag: "@content" }, async ({ page }) => {
    await page.goto("/faq");
    await question(page, first!.question).click();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});

test.describe("FAQ without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  // The accordion is the browser's own <details> with or without JavaScript (hydration adds nothing
  // to it: app/features/faq/faq-accordion.test.tsx), so its clicks are checked once, here (decision 0144).
  test("the details accordion opens answers natively, one at a time, − on the open one, and closes the open one when selected again", async ({ page }) => {
    await page.goto("/faq");
    await expect(page.locator("details[name=faq]")).toHaveCount(faq.entries.length);
    await expect(page.locator("details[name=faq][open]")).toHaveCount(0);
    const q1 = question(page, first!.question);
    const q2 = question(page, second!.question);
    const a1 = page.getByText(answer(first));
    const a2 = page.getByText(answer(second));
    await expect(a1).toBeHidden();
    await expect(q1.getByText("+")).toBeVisible();
    await expect(q1.getByText("−")).toBeHidden();
    await q1.click();
    await expect(a1).toBeVisible();
    await expect(q1.getByText("−")).toBeVisible();
    await expect(q1.getByText("+")).toBeHidden();
    await q2.click();
    await expect(a2).toBeVisible();
    // Same `name` on every <details>: the browser closes the first one.
    await expect(a1).toBeHidden();
    await expect(q1.getByText("+")).toBeVisible();
    await expect(page.locator("details[name=faq][open]")).toHaveCount(1);
    await q2.click();
    await expect(page.locator("details[name=faq][open]")).toHaveCount(0);
    await expect(a2).toBeHidden();
  });

  test("the banner video's play control is a link to the video file", { tag: "@content" }, async ({ page }) => {
    await page.goto("/faq");
    const play = page.getByRole("link", { name: `Play video: ${faq.bannerVideo.label}` });
    await expect(play).toHaveAttribute("href", faq.bannerVideo.sources.find((s) => s.type === "video/mp4")!.src);
    expect((await page.request.get((await play.getAttribute("href"))!)).headers()["content-type"]).toContain("video/mp4");
  });
});

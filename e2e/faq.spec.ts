import { expect, expectVideoPlaysWhenAsked, seriousA11yViolations, test } from "./fixtures";
import { richTextToPlain } from "../app/content/rich-text";
import { content } from "./content";

const { faq } = content;

const [first, second] = faq.entries;
const answer = (e: typeof first) => richTextToPlain(e!.answer);

test.describe("FAQ page", () => {
  test("prerendered HTML carries all twelve questions and answers before any script", async ({ request }) => {
    const html = await (await request.get("/faq")).text();
    expect(html.match(/<details\b/g)).toHaveLength(12);
    for (const e of faq.entries) {
      expect(html).toContain(e.question);
      expect(html).toContain(richTextToPlain(e.answer).replace(/&/g, "&amp;").split(" ").slice(0, 6).join(" "));
    }
    expect(html).toContain("LC, TT, DP, CAD, DAP and CASH");
    expect(html).toContain("500 pieces per color");
  });

  test("has the video banner and the breadcrumb Home / faq", async ({ page }) => {
    await page.goto("/faq");
    await expect(page.getByRole("heading", { level: 1, name: "Frequently Asked Questions" })).toBeVisible();
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(crumbs).toHaveText(/Home\s*\/\s*faq/);
    await expectVideoPlaysWhenAsked(page, { ...faq.bannerVideo, muted: true });
  });

  test("opens one answer at a time by click, and closes the open one when selected again", async ({ page }) => {
    await page.goto("/faq");
    const questions = page.getByRole("button", { expanded: false }).filter({ hasText: "?" });
    await expect(questions).toHaveCount(12);
    await expect(page.getByRole("button", { expanded: true })).toHaveCount(0);

    const q1 = page.getByRole("button", { name: first!.question });
    const q2 = page.getByRole("button", { name: second!.question });
    const a1 = page.getByText(answer(first));
    const a2 = page.getByText(answer(second));
    await expect(a1).toBeHidden();
    await expect(q1).toHaveAttribute("aria-controls", `faq-answer-${first!.id}`);
    await expect(q1).toContainText("+");

    await q1.click();
    await expect(q1).toHaveAttribute("aria-expanded", "true");
    await expect(a1).toBeVisible();
    await expect(q1).toContainText("−");

    await q2.click();
    await expect(q2).toHaveAttribute("aria-expanded", "true");
    await expect(q1).toHaveAttribute("aria-expanded", "false");
    await expect(a1).toBeHidden();
    await expect(a2).toBeVisible();
    await expect(q1).toContainText("+");

    await q2.click();
    await expect(page.getByRole("button", { expanded: true })).toHaveCount(0);
    await expect(a2).toBeHidden();
  });

  test("works from the keyboard: Enter and Space toggle, arrows move between questions", async ({ page }) => {
    await page.goto("/faq");
    const q1 = page.getByRole("button", { name: first!.question });
    const q2 = page.getByRole("button", { name: second!.question });
    await q1.focus();
    await page.keyboard.press("Enter");
    await expect(q1).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("ArrowDown");
    await expect(q2).toBeFocused();
    await page.keyboard.press("Space");
    await expect(q2).toHaveAttribute("aria-expanded", "true");
    await expect(q1).toHaveAttribute("aria-expanded", "false");
    await page.keyboard.press("Space");
    await expect(q2).toHaveAttribute("aria-expanded", "false");
    await page.keyboard.press("ArrowUp");
    await expect(q1).toBeFocused();
    await page.keyboard.press("End");
    await expect(page.getByRole("button", { name: faq.entries.at(-1)!.question })).toBeFocused();
  });

  test("axe finds nothing serious with an answer open", async ({ page }) => {
    await page.goto("/faq");
    await page.getByRole("button", { name: first!.question }).click();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});

test.describe("FAQ without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the details accordion opens answers natively, one at a time", async ({ page }) => {
    await page.goto("/faq");
    const a1 = page.getByText(answer(first));
    await expect(a1).toBeHidden();
    await page.getByText(first!.question).click();
    await expect(a1).toBeVisible();
    await page.getByText(second!.question).click();
    await expect(page.getByText(answer(second))).toBeVisible();
    // Same `name` on every <details>: the browser closes the first one.
    await expect(a1).toBeHidden();
  });

  test("the banner video's play control is a link to the video file", async ({ page }) => {
    await page.goto("/faq");
    const play = page.getByRole("link", { name: `Play video: ${faq.bannerVideo.label}` });
    await expect(play).toHaveAttribute("href", faq.bannerVideo.sources.find((s) => s.type === "video/mp4")!.src);
    expect((await page.request.get((await play.getAttribute("href"))!)).headers()["content-type"]).toContain("video/mp4");
  });
});

import { readFile } from "node:fs/promises";
import { extractText, getDocumentProxy } from "unpdf";
import { expect, expectVideoPlaysWhenAsked, seriousA11yViolations, test } from "./fixtures";
import { content } from "./content";

const { pages, quality, services, site, strengths, team } = content;

const turnover = `USD ${site.turnover.currentUsdMillions} million`;
const projected = `USD ${site.turnover.projectedUsdMillions} million`;

/** What a buyer must read in each page's HTML, before any script runs. */
const mainFacts: Record<string, string[]> = {
  [pages.aboutUs.path]: [
    "Who we are",
    "Company Profile Download",
    "since 2020",
    turnover,
    projected,
    "Dhaka",
    "India, Pakistan and China",
    "USA",
    ...site.certificates,
    "CIMA, BCI and organic",
    "flat knit 3GG to 14GG",
    "5 days",
    "2030",
    "Team Members",
    ...team.map((m) => m.name),
  ],
  [pages.mission.path]: ["Our mission", "Our vision for 2030", "Our values"],
  [pages.strength.path]: strengths.map((s) => s.name),
  [pages.compliance.path]: ["Plan", "Do", "Check", "Act", "Compliance goals", "Our checklists", ...site.certificates],
  [pages.goal.path]: ["Company objectives", "Team Work", "Success", "Creative", "Express Goals Positively"],
  [pages.organogram.path]: ["Managing Director", "Deputy General Manager (DGM)", "Merchandising", "Quality Assurance", "Compliance and CSR"],
  [pages.md.path]: ["Message from the Managing Director", team[0]!.name, turnover],
  [pages.services.path]: ["Services we offer", "Products we supply", "Payment modes", "TT", "L/C", "DAP", `Play video: ${services.video.label}`],
  [pages.quality.path]: ["Quality precautions", "AQL 1.5-2.5", "Inline inspection", "Final random inspection", ...quality.inspection.companies, "Innovation"],
};
const companyPaths = Object.keys(mainFacts);

test.describe("company pages", { tag: "@content" }, () => {
  test("the HTML shows each page's heading and main facts before any script runs", async ({ request }) => {
    for (const path of companyPaths) {
      const html = (await (await request.get(path)).text()).replace(/&amp;/g, "&").replace(/&#x27;/g, "'");
      const page = Object.values(pages).find((p) => p.path === path)!;
      expect(html, path).toMatch(new RegExp(`<h1[^>]*>${page.heading}</h1>`));
      for (const fact of mainFacts[path]!) expect(html, `${path}: ${fact}`).toContain(fact);
    }
  });

  // One test for the phone's width: a page load each, no axe (layout.spec.ts's "every page in the
  // browser" runs axe on each page at a desktop's width). Axe at 390 px sees what a desktop's width
  // does not only in the header (the Menu toggle instead of the menu), the same on every page: once,
  // on /faq (decision 0173, "Refined").
  test("each page fits a 390 px phone without sideways scrolling, and axe passes the phone's header", async ({ page }) => {
    test.slow(); // ten pages, one after the other
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of [...companyPaths, pages.faq.path]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }), path).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
      if (path === pages.faq.path) expect(await seriousA11yViolations(page)).toEqual([]);
    }
  });
});

test.describe("about page", { tag: "@content" }, () => {
  test("downloads the company profile PDF with the company name and turnover", async ({ page }) => {
    await page.goto(pages.aboutUs.path);
    const link = page.getByRole("link", { name: "Company Profile Download" });
    await expect(link).toHaveAttribute("href", "/company-profile.pdf");
    await expect(link).toHaveAttribute("download", /\.pdf$/);
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 4).toString("latin1")).toBe("%PDF");
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
    const flat = text.replace(/\s+/g, " ");
    expect(flat).toContain(site.name);
    expect(flat).toContain(turnover);
  });

  // The team members with their roles are app/features/team/about-team-carousel.test.tsx's (decision 0144).
});

test.describe("services and strength", { tag: "@content" }, () => {
  // The Plan, Do, Check, Act figure and the organogram's nested list are app/features/company/pdca-cycle.test.tsx's
  // and org-chart.test.tsx's, on the pages' own props; here the video in a real player and the pictures
  // as served (decision 0144).
  test("the services video plays when asked: local, muted, inline, with controls, poster and fallback text", async ({ page }) => {
    await page.goto(pages.services.path);
    await expectVideoPlaysWhenAsked(page, { ...services.video, muted: true });
  });

  test("strength pictures load", async ({ page, request }) => {
    await page.goto(pages.strength.path);
    await expect(page.getByRole("main").getByRole("heading", { level: 3 })).toHaveText(strengths.map((s) => s.name));
    for (const s of strengths) expect((await request.get(s.image)).headers()["content-type"]).toContain("image/svg");
  });
});

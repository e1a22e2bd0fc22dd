import type { Page } from "@playwright/test";
import { localMailIds } from "../app/lib/contracts/form-endpoint";
import { richTextToPlain, type RichText } from "../app/content/rich-text";
import { caseOf, content, words } from "./content";
import { escapeRegExp, expect, holdScripts, seriousA11yViolations, test } from "./fixtures";
import { emlContaining, interceptSend, uniqueToken } from "./mail-helpers";

// Job openings (content/jobs/): listed on /career above the form, a page per open job with its
// JobPosting, and an apply page whose form has the position filled in, with and without JavaScript.

const { jobs, site } = content;
// The job pages' words in the default language (decision 0167).
const jobsPage = content.jobWords[content.locales[0]!.code]!;
// The cases, from the open jobs of the content under test: one with a salary.
const withSalary = () =>
  caseOf(
    jobs.find((j) => j.salary),
    "open job with a salary",
  );
const home = words.labels.breadcrumbHome;
const careerCrumb = content.pages.career.breadcrumb;
/** A description's paragraphs and list items as plain text, in order. */
const blocksOf = (text: RichText): string[] =>
  text.flatMap((node) =>
    typeof node !== "string" && (node.tag === "ul" || node.tag === "ol") ? node.children.map((li) => richTextToPlain([li])) : [richTextToPlain([node])],
  );
const careerForm = (page: Page) => page.getByRole("form", { name: "Apply to join our team" });

async function jsonLdOf(page: Page, type: string) {
  const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t) as Record<string, unknown>);
  return blocks.filter((b) => b["@type"] === type);
}

test.describe("/career", { tag: "@content" }, () => {
  test("lists the open positions above the application form, each linking to its page", async ({ page }) => {
    const merchandiser = caseOf(jobs[0], "open job");
    await page.goto("/career");
    const list = page.getByRole("region", { name: jobsPage.heading });
    const items = list.getByRole("listitem");
    await expect(items).toHaveCount(jobs.length);
    for (const job of jobs) {
      const item = items.filter({ has: page.getByRole("link", { name: job.title }) });
      await expect(item.getByRole("link", { name: job.title })).toHaveAttribute("href", job.path);
      for (const value of [job.department, job.location.text, job.employmentTypeText, job.validThroughText]) await expect(item).toContainText(value);
    }
    await expect(list.getByText(/no open positions/i)).toHaveCount(0);
    const listTop = (await list.boundingBox())!.y;
    const formTop = (await careerForm(page).boundingBox())!.y;
    expect(listTop).toBeLessThan(formTop);
    // The general form is as before: nothing filled in.
    await expect(careerForm(page).getByLabel("Position")).toHaveValue("");
    expect(await seriousA11yViolations(page)).toEqual([]);

    await list.getByRole("link", { name: merchandiser.title }).click();
    await expect(page).toHaveURL(merchandiser.path);
    await expect(page.getByRole("heading", { level: 1, name: merchandiser.title })).toBeVisible();
  });
});

test.describe("a job page", () => {
  test("shows the job under the breadcrumb Home / Career / {title} and is axe clean", { tag: "@content" }, async ({ page }) => {
    const merchandiser = withSalary();
    await page.goto(merchandiser.path);
    await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(merchandiser.title)}`));
    const crumbs = page.getByRole("navigation", { name: words.labels.breadcrumbName }).getByRole("listitem");
    await expect(crumbs).toHaveText([home, careerCrumb, merchandiser.title]); // the "/" between them are hidden
    await expect(crumbs.getByRole("link", { name: careerCrumb })).toHaveAttribute("href", "/career");
    await expect(crumbs.last()).toHaveAttribute("aria-current", "page");
    const main = page.getByRole("main");
    for (const [label, value] of [
      [jobsPage.labels.department, merchandiser.department],
      [jobsPage.labels.location, merchandiser.location.text],
      [jobsPage.labels.employmentType, merchandiser.employmentTypeText],
      [jobsPage.labels.validThrough, merchandiser.validThroughText],
      [jobsPage.labels.salary!, merchandiser.salary!.text],
    ]) {
      await expect(main.locator("dt", { hasText: label }).locator("+ dd")).toHaveText(value!);
    }
    await expect(main.getByRole("heading", { level: 2, name: jobsPage.descriptionHeading })).toBeVisible();
    // Every paragraph and list item of the description, placeholders filled (the reader fills them).
    for (const block of blocksOf(merchandiser.description)) await expect(main.getByText(block, { exact: true })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);

    const [breadcrumb] = await jsonLdOf(page, "BreadcrumbList");
    const steps = breadcrumb!.itemListElement as { position: number; name: string; item: string }[];
    expect(steps.map((s) => [s.position, s.name, new URL(s.item).pathname])).toEqual([
      [1, home, "/"],
      [2, careerCrumb, "/career"],
      [3, merchandiser.title, merchandiser.path],
    ]);
  });

  test("carries a JobPosting matching the job's file, field by field", { tag: "@content" }, async ({ page, request }) => {
    // The job as the content reader read it from its file (the studio's fields, checked).
    const merchandiser = withSalary();
    const file = { ...merchandiser, ...merchandiser.location, ...merchandiser.salary! };
    await page.goto(merchandiser.path);
    const postings = await jsonLdOf(page, "JobPosting");
    expect(postings).toHaveLength(1);
    const posting = postings[0]!;
    expect(posting["@context"]).toBe("https://schema.org");
    expect(posting.title).toBe(file.title);
    expect(posting.datePosted).toBe(file.datePosted);
    expect(posting.validThrough).toBe(file.validThrough);
    expect(posting.employmentType).toBe(file.employmentType);
    expect(posting.jobLocation).toEqual({
      "@type": "Place",
      address: { "@type": "PostalAddress", addressLocality: file.city, addressCountry: file.countryCode },
    });
    expect(posting.baseSalary).toEqual({
      "@type": "MonetaryAmount",
      currency: file.currency,
      value: { "@type": "QuantitativeValue", minValue: file.min, maxValue: file.max, unitText: file.unit },
    });
    // The description is the Markdoc as HTML: paragraphs, bold and the list, placeholders filled.
    const description = posting.description as string;
    expect(description).toMatch(/^<(p|ul)>/);
    // Its text, blocks and inline markup aside (compared without white space, which the markup moves).
    const bare = (text: string) => text.replace(/\s+/g, "");
    const asText = bare(
      description
        .replace(/<[^>]+>/g, "")
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, "&"),
    );
    for (const block of blocksOf(merchandiser.description)) expect(asText).toContain(bare(block));
    if (merchandiser.description.some((node) => typeof node !== "string" && node.tag === "ul")) expect(description).toContain("<ul><li>");
    expect(description).not.toContain("{site.");
    const organization = posting.hiringOrganization as Record<string, string>;
    expect(organization).toMatchObject({ "@type": "Organization", name: site.name, sameAs: site.url });
    expect(new URL(organization.url!).pathname).toBe("/");
    expect((await request.get(new URL(organization.logo!).pathname)).status()).toBe(200);
    expect(new URL(posting.url as string).pathname).toBe(merchandiser.path);
  });

  // A job without a salary (no baseSalary in its JobPosting, no salary line on the page) is
  // app/features/jobs/job-details.test.tsx's (decision 0144).

  test("an unknown job, or its apply page, answers 404 with the Oops page", async ({ page }) => {
    for (const path of ["/career/no-such-job", "/career/no-such-job/apply"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { name: "Oops!" })).toBeVisible();
    }
  });
});

test.describe("applying for a job", { tag: "@content" }, () => {
  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("Apply opens the form with the position filled in; the sent mail names the position, once", async ({ page }) => {
      const merchandiser = caseOf(jobs[0], "open job");
      const token = uniqueToken();
      await page.goto(merchandiser.path);
      await page.getByRole("link", { name: jobsPage.apply }).click();
      await expect(page).toHaveURL(merchandiser.applyPath);
      await expect(page.getByRole("heading", { level: 1, name: `Apply: ${merchandiser.title}` })).toBeVisible();
      const form = careerForm(page);
      await expect(form.getByLabel("Position")).toHaveValue(merchandiser.title);
      await form.getByLabel("Name").fill("Rahim Uddin");
      await form.getByLabel("Email").fill("rahim@example.com");
      await form.getByLabel("Phone").fill("+880 1711-000000");
      await form.getByLabel("Cover letter (optional)").fill(`Ten years of knitwear. ${token}`);
      await form.getByLabel("Resume").setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: Buffer.from(`%PDF-1.4 ${token}`) });
      await form.getByRole("button", { name: "Submit Application" }).click();

      await expect(page).toHaveURL(/\/career\/sent$/);
      await expect(page.getByText("Application sent successfully!")).toBeVisible();
      await expect.poll(async () => (await emlContaining(token)).length).toBe(1);
      // A long header is folded onto a second line (RFC 5322): unfold it to read the subject.
      const eml = (await emlContaining(token))[0]!.replace(/\r?\n[ \t]+/g, " ");
      expect(eml).toMatch(new RegExp(`^Subject: Job application: ${escapeRegExp(merchandiser.title)} \\(from Rahim Uddin\\)\r?$`, "m"));
      expect(eml).toMatch(new RegExp(`^Position: ${escapeRegExp(merchandiser.title)}\r?$`, "m"));
    });
  });

  test("with the scripts held back, the filled-in position and what was typed survive hydration", async ({ page }) => {
    const merchandiser = caseOf(jobs[0], "open job");
    const scripts = await holdScripts(page);
    await scripts.goto(merchandiser.applyPath);
    const form = careerForm(page);
    await expect(form.getByLabel("Position")).toHaveValue(merchandiser.title);
    await form.getByLabel("Name").fill("Rahim Uddin");
    await form.getByLabel("Position").press("End");
    await form.getByLabel("Position").pressSequentially(" (Dhaka)");
    expect(scripts.held()).toBeGreaterThan(0);
    await scripts.release();
    await expect(form.getByLabel("Name")).toHaveValue("Rahim Uddin");
    await expect(form.getByLabel("Position")).toHaveValue(`${merchandiser.title} (Dhaka)`);
    await expect(form.getByLabel("Position")).toBeFocused();
  });

  test("with JavaScript the apply page sends the position with the other fields", async ({ page }) => {
    const merchandiser = caseOf(jobs[0], "open job");
    const send = await interceptSend(page, "hold");
    await page.goto(merchandiser.applyPath);
    const form = careerForm(page);
    await expect(form.getByLabel("Position")).toHaveValue(merchandiser.title);
    await form.getByLabel("Name").fill("Rahim Uddin");
    await form.getByLabel("Email").fill("rahim@example.com");
    await form.getByLabel("Phone").fill("+880 1711-000000");
    await form.getByLabel("Resume").setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4 cv") });
    await form.getByRole("button", { name: "Submit Application" }).click();
    const body = (await send.request).postDataJSON();
    expect(body.template_id).toBe(localMailIds.templates.career);
    expect(body.template_params).toMatchObject({ name: "Rahim Uddin", position: merchandiser.title });
    send.release();
    await expect(form.getByRole("status")).toContainText("Application sent successfully!");
    // Cleared on success, back to the job's title in Position.
    await expect(form.getByLabel("Name")).toHaveValue("");
    await expect(form.getByLabel("Position")).toHaveValue(merchandiser.title);
  });

  test("the apply page has the breadcrumb to its job, is kept out of the index and is axe clean", async ({ page, request }) => {
    const merchandiser = caseOf(jobs[0], "open job");
    await page.goto(merchandiser.applyPath);
    const crumbs = page.getByRole("navigation", { name: words.labels.breadcrumbName });
    await expect(crumbs.getByRole("link", { name: merchandiser.title })).toHaveAttribute("href", merchandiser.path);
    await expect(page.getByRole("link", { name: `Back to the job: ${merchandiser.title}` })).toHaveAttribute("href", merchandiser.path);
    expect(await seriousA11yViolations(page)).toEqual([]);
    const html = await (await request.get(merchandiser.applyPath)).text();
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).not.toContain('rel="canonical"');
  });
});

test("sitemap.xml lists each open job's page, not its apply page", { tag: "@content" }, async ({ request }) => {
  const xml = await (await request.get("/sitemap.xml")).text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  for (const job of jobs) {
    expect(paths).toContain(job.path);
    expect(paths).not.toContain(job.applyPath);
  }
});

import { documentTitleOf } from "../app/lib/document-title";
import { fixedPages, galleryItemSamples, galleryPaths, unknownPath } from "./browser-pages";
import { expect, seriousA11yViolations, test, watchPageProblems } from "./fixtures";
import { content, words } from "./content";

const { site } = content;

test.describe("every route", { tag: "@content" }, () => {
  test("answers 200 with its own title, heading and the tagline in the HTML before any script", async ({ request }) => {
    const titles = new Set<string>();
    for (const path of [...fixedPages.map((p) => p.path), ...galleryPaths]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const html = await response.text();
      const title = html.match(/<title>([^<]*)<\/title>/)?.[1];
      expect(title, path).toBeTruthy();
      titles.add(title!);
      expect(html, path).toMatch(/<h1[^>]*>/);
      expect(html, path).toContain(site.tagline);
    }
    expect(titles.size).toBe(fixedPages.length + galleryPaths.length);
  });
});

// One visit per page for what only the browser shows: the title, the heading and the tagline as
// rendered, no console error, no uncaught error, no CSP violation (the Node server sends the policy
// nginx sends: deploy-nginx.spec.ts compares them), and axe's verdict — one test per page, since each
// visit costs a page load and its hydration (decision 0124). It is the one Chromium load of these
// pages on a desktop's width: deploy-nginx.spec.ts's Chromium pass leaves them out but the home page,
// and company.spec.ts's phone-width test runs axe once, for the phone's header (decision 0173,
// "Refined"; e2e/browser-pages.ts). The unknown path's visit is the Oops page's test below (decision 0186).
test.describe("every page in the browser", { tag: "@content" }, () => {
  const titled = fixedPages.map((p) => ({ path: p.path, title: documentTitleOf(p.title, site).replace(/&amp;/g, "&") }));
  const samples = galleryItemSamples.map((path) => ({ path, title: undefined }));
  for (const { path, title } of [...titled, ...samples]) {
    const name = title
      ? `${path} shows its heading and title with no error or CSP violation, and axe finds no serious or critical violation`
      : `${path} loads with no error or CSP violation, and axe finds no serious or critical violation`;
    test(name, async ({ page }) => {
      const problems = await watchPageProblems(page);
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      if (title) {
        await expect(page).toHaveTitle(title);
        await expect(page.getByRole("banner").getByText(site.tagline)).toBeVisible();
      }
      expect(await seriousA11yViolations(page)).toEqual([]);
      // What the page fetched after hydrating has come too (mostly while axe ran): no request for 500 ms.
      await page.waitForLoadState("networkidle");
      expect(problems).toEqual([]);
    });
  }
});

test.describe("Oops page", () => {
  // The one visit of the unknown path on the Node server (it was loaded twice, here and in the loop
  // above: decision 0186): its words are the content's, so the staff-edit pass runs it too.
  test(
    `${unknownPath} answers 404 with the Oops page and a Go Home link, with no error or CSP violation, and axe finds no serious or critical violation`,
    { tag: "@content" },
    async ({ page }) => {
      const problems = await watchPageProblems(page, { expected404: true });
      const response = await page.goto(unknownPath);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: words.oops.heading })).toBeVisible();
      await expect(page.getByText(words.oops.message)).toBeVisible();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.getByRole("link", { name: words.oops.goHome }).click();
      await expect(page).toHaveURL("/");
      await page.waitForLoadState("networkidle");
      expect(problems).toEqual([]);
    },
  );

  test("client-side navigation to an unknown path shows the Oops page too", async ({ page }) => {
    await page.goto("/faq"); // returns once hydrated: the link below is added after React took over
    await page.evaluate(() => {
      const a = document.createElement("a");
      a.href = "/still-missing";
      a.textContent = "missing";
      document.querySelector("main")?.append(a);
    });
    await page.getByRole("link", { name: "missing" }).click();
    await expect(page.getByRole("heading", { name: "Oops!" })).toBeVisible();
  });
});

import { prerenderPaths } from "../app/lib/prerender-paths";
import { documentTitleOf } from "../app/lib/document-title";
import { expect, seriousA11yViolations, test } from "./fixtures";
import { content, siteContent } from "./content";

const { pages, site } = content;

const fixedPages = Object.values(pages).filter((p) => p.path !== "/404");
const galleryFamilies = [
  ...new Set(
    prerenderPaths(siteContent)
      .filter((p) => /^\/gallery\/[^/]+\/[^/]+$/.test(p))
      .map((p) => p.split("/")[2]),
  ),
];
const galleryPaths = prerenderPaths(siteContent).filter((p) => /^\/gallery\/[^/]+\/[^/]+$/.test(p));

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
// rendered, no console error, and axe's verdict — one test per page, since each visit costs a page
// load and its hydration (decision 0124).
test.describe("every page in the browser", { tag: "@content" }, () => {
  const titled = fixedPages.map((p) => ({ path: p.path, title: documentTitleOf(p.title, site).replace(/&amp;/g, "&") }));
  const samples = [...galleryFamilies.map((f) => galleryPaths.find((p) => p.startsWith(`/gallery/${f}/`))!), "/no-such-page"].map((path) => ({
    path,
    title: undefined,
  }));
  for (const { path, title } of [...titled, ...samples]) {
    const name = title
      ? `${path} shows its heading and title, and axe finds no serious or critical violation`
      : `axe finds no serious or critical violation on ${path}`;
    test(name, async ({ page }) => {
      const errors: string[] = [];
      page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
      await page.goto(path);
      if (title) {
        await expect(page).toHaveTitle(title);
        await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
        await expect(page.getByRole("banner").getByText(site.tagline)).toBeVisible();
        expect(errors).toEqual([]);
      }
      expect(await seriousA11yViolations(page)).toEqual([]);
    });
  }
});

test.describe("Oops page", () => {
  test("unknown paths answer 404 with the Oops page and a Go Home link", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (m) => m.type() === "error" && !/404/.test(m.text()) && errors.push(m.text()));
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops!" })).toBeVisible();
    await expect(page.getByText("may have been moved, deleted or never existed")).toBeVisible();
    await page.getByRole("link", { name: "Go Home" }).click();
    await expect(page).toHaveURL("/");
    expect(errors).toEqual([]);
  });

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

import { cp, mkdir, rm, writeFile } from "node:fs/promises";
import { extname, join } from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { startStudioServer, type StudioServer } from "../scripts/test-setup/studio-server.mjs";
import { content as siteModules, itemWithTitledPhotos, siteContent } from "./content";
import { localOnly, publishAfter } from "./studio-helpers";

// A family and an item added to the content (as the studio writes them: a family file,
// an item file with its photos under media/) get their pages, their place in /gallery, the menu,
// sitemap.xml and /data.json when the site republishes; removed, their paths answer 404 again.
// `npm start`'s server runs on a free port with temp copies of the content under test and its build
// (scripts/test-setup/studio-server.mjs): the repository's content/ is never touched.

/** A whole site build per publish, on a shared machine: room for it, bounded. */
const publishBudgetMs = 300_000;

let server: StudioServer;

test.describe.configure({ mode: "serial", timeout: 2 * publishBudgetMs + 120_000 });

test.beforeAll(async () => {
  // A hook's own limit (30 s) is short for a server start beside another publishing spec's build.
  test.setTimeout(120_000);
  server = await startStudioServer();
});

// eslint-disable-next-line no-empty-pattern -- Playwright hooks take the fixtures first
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach("server output", { body: server.log().slice(-20_000), contentType: "text/plain" });
});

test.afterAll(async () => {
  await server?.stop();
});

/** Waits (bounded) until a publish after `since` has made `check` true. */
async function waitForPublish(since: number, check: () => Promise<boolean>) {
  await expect
    .poll(async () => !!(await publishAfter(server.origin, since)) && (await check()), {
      timeout: Math.max(1000, publishBudgetMs - (Date.now() - since)),
      intervals: [1000],
    })
    .toBe(true);
}

const status = async (request: APIRequestContext, path: string) => (await request.get(`${server.origin}${path}`)).status();
const sitemapPaths = async (request: APIRequestContext) =>
  [...(await (await request.get(`${server.origin}/sitemap.xml`)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);

/** The Product Gallery drop-down's links, as rendered in the page's HTML. */
async function galleryMenu(page: Page) {
  const nav = page.getByRole("navigation", { name: "Main", exact: true });
  const label = siteModules.navigation.menu.find((item) => "children" in item && item.children.some((c) => c.to.startsWith("/gallery/")))!.label;
  const details = nav.locator("details", { has: page.locator("summary", { hasText: label }) });
  return details.getByRole("link", { includeHidden: true }).evaluateAll((links) => links.map((a) => [a.textContent, a.getAttribute("href")]));
}

// A new family with a new item, and a new item in the first family of the content under test.
const existing = siteContent.gallery[0]!;
const family = { slug: "sports", label: "Sports" };
const items = [
  { family: "sports", slug: "jersey", label: "Jersey", titles: ["Home Jersey", "Away Jersey"] },
  { family: existing.slug, slug: "scarf", label: "Scarf", titles: ["Wool Scarf"] },
];
const scarfPath = `/gallery/${existing.slug}/scarf`;
/** The photos the new items take: copies of a gallery item's, each keeping its file type. */
const sourcePhotos = () => itemWithTitledPhotos(2).item.photos.map((p) => p.image);
const photo = (item: (typeof items)[number], n: number) => `media/gallery/${item.family}/${item.slug}/photos/${n}/image${extname(sourcePhotos()[n]!)}`;

test("a family and items added to the content get their pages, /gallery, the menu, sitemap.xml and /data.json; removed, they answer 404", async ({
  page,
  request,
}) => {
  await localOnly(page);
  const content = (path: string) => join(server.contentDir, path);

  await page.goto(`${server.origin}/faq`);
  const menuBefore = await galleryMenu(page);
  expect(menuBefore).toContainEqual([existing.label, `/gallery/${existing.slug}`]);

  // Add: what the studio writes for a new family and new items (photos first, then the entries).
  const addedAt = Date.now();
  for (const item of items) {
    for (const n of item.titles.keys()) {
      await mkdir(content(join(photo(item, n), "..")), { recursive: true });
      await cp(content(sourcePhotos()[n]!), content(photo(item, n)));
    }
  }
  await writeFile(content(`gallery/families/${family.slug}.yaml`), `label: ${family.label}\norder: 999\n`);
  for (const item of items) {
    await mkdir(content(`gallery/items/${item.family}`), { recursive: true });
    const photos = item.titles.map((title, n) => `  - image: /${photo(item, n)}\n    title: ${title}\n`).join("");
    await writeFile(content(`gallery/items/${item.family}/${item.slug}.yaml`), `label: ${item.label}\norder: 999\nphotos:\n${photos}`);
  }
  await waitForPublish(addedAt, async () => (await status(request, "/gallery/sports/jersey")) === 200 && (await status(request, scarfPath)) === 200);
  test.info().annotations.push({ type: "publish latency (add)", description: `${((Date.now() - addedAt) / 1000).toFixed(1)} s` });

  // The item page, with its photos and breadcrumb.
  await page.goto(`${server.origin}/gallery/sports/jersey`);
  await expect(page.getByRole("heading", { level: 1, name: "Sports - Jersey" })).toBeVisible();
  for (const title of items[0]!.titles) await expect(page.getByRole("img", { name: title })).toBeVisible();
  const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(breadcrumb.getByRole("link", { name: "Sports" })).toHaveAttribute("href", "/gallery/sports");
  await expect(breadcrumb.getByText("Jersey", { exact: true })).toHaveAttribute("aria-current", "page");

  // The menu lists the new family after the others.
  expect(await galleryMenu(page)).toEqual([...menuBefore, ["Sports", "/gallery/sports"]]);

  // The family pages: the new one, and the first family with its new item last.
  await page.goto(`${server.origin}/gallery/sports`);
  await expect(page.getByRole("heading", { level: 1, name: "Sports" })).toBeVisible();
  const jersey = page.getByRole("link", { name: "Sports Jersey", exact: true });
  await expect(jersey).toHaveAttribute("href", "/gallery/sports/jersey");
  await expect(jersey.locator("picture img")).toHaveAttribute("src", /^\/media\/gallery\/sports\/jersey\/photos\/0\/image-\w+-\d+w\.webp$/);
  await page.goto(`${server.origin}/gallery/${existing.slug}`);
  const menCards = page
    .getByRole("main")
    .getByRole("link")
    .filter({ has: page.locator("img") });
  await expect(menCards).toHaveCount(existing.items.length + 1);
  await expect(menCards.last()).toHaveAccessibleName(`${existing.label} Scarf`);

  // The index, the sitemap and /data.json.
  await page.goto(`${server.origin}/gallery`);
  await expect(page.getByRole("heading", { level: 2, name: "Sports" }).getByRole("link")).toHaveAttribute("href", "/gallery/sports");
  await expect(page.getByRole("link", { name: "Sports Jersey", exact: true })).toBeVisible();
  expect(await sitemapPaths(request)).toEqual(expect.arrayContaining(["/gallery/sports", "/gallery/sports/jersey", scarfPath]));
  const data = (await (await request.get(`${server.origin}/data.json`)).json()) as {
    category: string;
    subcategories?: { name: string; productName: string[] }[];
  }[];
  expect(data.find((c) => c.category === "sports")?.subcategories).toMatchObject([{ name: "jersey", productName: items[0]!.titles }]);
  expect(data.find((c) => c.category === existing.slug)?.subcategories?.map((s) => s.name)).toContain("scarf");

  // Remove them again: every path answers 404 with the Oops page, the menu and sitemap forget them.
  const removedAt = Date.now();
  for (const item of items) await rm(content(`gallery/items/${item.family}/${item.slug}.yaml`));
  await rm(content(`gallery/items/${family.slug}`), { recursive: true });
  await rm(content(`gallery/families/${family.slug}.yaml`));
  for (const item of items) await rm(content(`media/gallery/${item.family}/${item.slug}`), { recursive: true });
  await waitForPublish(removedAt, async () => (await status(request, "/gallery/sports")) === 404 && (await status(request, scarfPath)) === 404);
  test.info().annotations.push({ type: "publish latency (remove)", description: `${((Date.now() - removedAt) / 1000).toFixed(1)} s` });

  for (const item of items) {
    const response = await page.goto(`${server.origin}/gallery/${item.family}/${item.slug}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Oops!" })).toBeVisible();
    await expect(page.getByText(`No data found for ${item.family} - ${item.slug}.`, { exact: true })).toBeVisible();
  }
  const familyResponse = await page.goto(`${server.origin}/gallery/sports`);
  expect(familyResponse?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Oops!" })).toBeVisible();
  expect(await galleryMenu(page)).toEqual(menuBefore);
  const sitemap = await sitemapPaths(request);
  expect(sitemap.filter((path) => path.startsWith("/gallery/sports") || path === scarfPath)).toEqual([]);
  expect(sitemap).toContain(`/gallery/${existing.slug}`);
  const after = (await (await request.get(`${server.origin}/data.json`)).json()) as { category: string }[];
  expect(after.map((c) => c.category)).not.toContain("sports");
});

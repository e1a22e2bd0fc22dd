import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { photoLikeJpeg } from "../test-support/photos";
import { startStudioServer, type StudioServer } from "../scripts/test-setup/studio-server.mjs";
import { itemWithTitledPhotos } from "./content";
import { localOnly, publishAfter, studioExpect } from "./studio-helpers";

// A photo uploaded in the real studio (Keystatic at /keystatic, Chromium) reaches the public item
// page as responsive AVIF/WebP once the site republishes. `npm start`'s server runs on its own free
// port with temp copies of the content under test and its build (scripts/test-setup/studio-server.mjs):
// the repository's content/ is never touched.

/**
 * Save → photo on the public page. The publishing target is 60 s for a save (measured by `npm run bench:publish`);
 * this test only checks the photo gets there, with room for a full site build on a busy shared
 * machine, and reports the time it took.
 */
const publishBudgetMs = 240_000;
// The item the photo goes to: the first with titled photos in the content under test (its page address is family/item).
const target = () => itemWithTitledPhotos(1);
const reference = () => `${target().family.slug}/${target().item.slug}`;
const itemFile = (server: StudioServer) => join(server.contentDir, `gallery/items/${reference()}.yaml`);

let server: StudioServer;
let photos: { jpeg: string; gif: string };

test.describe.configure({ mode: "serial", timeout: 360_000 });

test.beforeAll(async () => {
  // A hook's own limit (30 s) is short for a server start beside another publishing spec's build.
  test.setTimeout(120_000);
  server = await startStudioServer();
  // A 12-megapixel camera-sized JPEG (4000 × 3000, photo-like: gradients, rings, grain) and a GIF.
  photos = { jpeg: join(server.contentDir, "..", "new-tshirt.jpg"), gif: join(server.contentDir, "..", "animation.gif") };
  await writeFile(photos.jpeg, await photoLikeJpeg(4000, 3000, 42));
  await writeFile(
    photos.gif,
    await sharp({ create: { width: 64, height: 64, channels: 3, background: "#2f6b4f" } })
      .gif()
      .toBuffer(),
  );
});

// eslint-disable-next-line no-empty-pattern -- Playwright hooks take the fixtures first
test.afterEach(async ({}, testInfo) => {
  // A failed publish says why in the server's output (the build's message names file and field).
  if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach("server output", { body: server.log().slice(-20_000), contentType: "text/plain" });
});

test.afterAll(async () => {
  await server?.stop();
});

/** The item in the studio, and its "Add item" dialog of the Photos list. */
async function openAddPhotoDialog(page: Page) {
  await page.goto(`${server.origin}/keystatic/collection/galleryItems`);
  await page.getByRole("searchbox", { name: "Search" }).fill(reference());
  await page.getByRole("rowheader", { name: reference(), exact: true }).click();
  await studioExpect(page.getByRole("textbox", { name: "Name" })).toHaveValue(target().item.label);
  await expect(page.getByRole("textbox", { name: "Page address" })).toHaveValue(reference());
  await page
    .getByRole("group", { name: /^Photos/ })
    .getByRole("button", { name: "Add", exact: true })
    .click();
  const dialog = page.getByRole("dialog", { name: "Add item" });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function choosePhoto(page: Page, dialog: ReturnType<Page["getByRole"]>, file: string) {
  const chooser = page.waitForEvent("filechooser");
  await dialog.getByRole("button", { name: "Choose file" }).click();
  await (await chooser).setFiles(file);
}

test("the studio refuses a photo that is not JPEG, PNG or WebP, with a message, and writes nothing", async ({ page }) => {
  await localOnly(page);
  const before = await readFile(itemFile(server), "utf8");
  const dialog = await openAddPhotoDialog(page);
  await choosePhoto(page, dialog, photos.gif);
  await expect(dialog.getByText("This photo must be a JPEG, PNG or WebP photo (this file is .gif). Choose another file.")).toBeVisible();
  await dialog.getByRole("textbox", { name: "Title" }).fill("Animated T-Shirt");
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  await expect(dialog).toBeVisible(); // refused: the dialog stays open with its message
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  expect(await readFile(itemFile(server), "utf8")).toBe(before);
});

test("upload a 12 MP photo to a gallery item: after republishing the item page serves it as AVIF/WebP with srcset", async ({ page, request }) => {
  await localOnly(page);
  const title = "Organic Cotton T-Shirt (studio upload)";
  const dialog = await openAddPhotoDialog(page);
  await choosePhoto(page, dialog, photos.jpeg);
  await dialog.getByRole("textbox", { name: "Title" }).fill(title);
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Save" }).click();
  const savedAt = Date.now();

  // The studio stored the file under content/media/gallery/ and the entry points at it.
  const position = target().item.photos.length; // added last
  const stored = `/media/gallery/${reference()}/photos/${position}/image.jpg`;
  // (The browser hashes and sends the 4 MB file first: slow on a busy machine.)
  await expect.poll(() => readFile(itemFile(server), "utf8"), { timeout: 60_000 }).toContain(`image: ${stored}`);
  expect(await readFile(itemFile(server), "utf8")).toContain(`title: ${title}`);
  // Keystatic writes the entry and the photo as separate files: the photo may still be arriving.
  const uploaded = await readFile(photos.jpeg);
  await expect
    .poll(async () => Buffer.compare(await readFile(join(server.contentDir, stored)).catch(() => Buffer.alloc(0)), uploaded), { timeout: 30_000 })
    .toBe(0);

  // Republished: the public page shows the new photo (a phone-wide screen picks the 480 px variant).
  await page.setViewportSize({ width: 375, height: 800 });
  await expect
    .poll(
      async () => {
        // No page load while the site builds: it would take the build's CPU.
        if (!(await publishAfter(server.origin, savedAt))) return -1;
        await page.goto(`${server.origin}${target().path}`);
        return page.getByRole("img", { name: title }).count();
      },
      { timeout: Math.max(1000, publishBudgetMs - (Date.now() - savedAt)), intervals: [1000] },
    )
    .toBe(1);
  test
    .info()
    .annotations.push({ type: "publish latency", description: `${((Date.now() - savedAt) / 1000).toFixed(1)} s (save → photo on the page, 12 MP encoded)` });

  const img = page.getByRole("img", { name: title });
  await expect(img).toHaveAttribute("width", "960");
  await expect(img).toHaveAttribute("height", "720");
  await expect(img).toHaveAttribute("src", new RegExp(`^/media/gallery/${reference()}/photos/${position}/image-[0-9a-f]{10}-960w\\.webp$`));
  const picture = page.locator("picture").filter({ has: img });
  await expect(picture.locator('source[type="image/avif"]')).toHaveAttribute(
    "srcset",
    /^\S+-360w\.avif 360w, \S+-480w\.avif 480w, \S+-640w\.avif 640w, \S+-960w\.avif 960w$/,
  );
  await expect(picture.locator('source[type="image/webp"]')).toHaveAttribute(
    "srcset",
    /^\S+-360w\.webp 360w, \S+-480w\.webp 480w, \S+-640w\.webp 640w, \S+-960w\.webp 960w$/,
  );

  await img.scrollIntoViewIfNeeded();
  // The browser takes the AVIF variant the grid's width needs, not the 960 px one.
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).currentSrc)).toMatch(/-(360|480|640)w\.avif$/);
  const shown = await request.get(await img.evaluate((el) => (el as HTMLImageElement).currentSrc));
  expect(shown.status()).toBe(200);
  expect(shown.headers()["content-type"]).toBe("image/avif");
  const avif480 = /(\S+-480w\.avif) 480w/.exec((await picture.locator('source[type="image/avif"]').getAttribute("srcset")) ?? "")![1]!;
  const served = await request.get(`${server.origin}${avif480}`);
  expect(served.headers()["content-type"]).toBe("image/avif");
  const bytes = (await served.body()).length;
  test.info().annotations.push({ type: "480w AVIF of the 12 MP JPEG", description: `${bytes} bytes` });
  expect(bytes).toBeLessThanOrEqual(150_000);
  const webp = /(\S+-480w\.webp) 480w/.exec((await picture.locator('source[type="image/webp"]').getAttribute("srcset")) ?? "")![1]!;
  expect((await request.get(`${server.origin}${webp}`)).headers()["content-type"]).toBe("image/webp");

  // /data.json lists it too, titled by position.
  const data = (await (await request.get(`${server.origin}/data.json`)).json()) as {
    category: string;
    subcategories: { name: string; images: string[]; productName: string[] }[];
  }[];
  const tshirt = data.find((c) => c.category === target().family.slug)!.subcategories.find((s) => s.name === target().item.slug)!;
  expect(tshirt.images).toHaveLength(position + 1);
  expect(tshirt.productName[position]).toBe(title);
});

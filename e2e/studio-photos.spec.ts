import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { photoLikeJpeg } from "../test-support/photos";
import { startStudioServer, type StudioServer } from "../scripts/test-setup/studio-server.mjs";
import { itemWithTitledPhotos } from "./content";
import { localOnly, studioExpect } from "./studio-helpers";

// A photo uploaded in the real studio (Keystatic at /keystatic, Chromium) is stored where the site
// reads it, and the item's entry names it with its title. `npm start`'s server runs on its own free
// port with temp copies of the content under test and its build (scripts/test-setup/studio-server.mjs):
// the repository's content/ is never touched. It stops where the studio's part ends (decision 0202),
// so the server does not publish (PUBLISH=0, no site build). What a publish makes of the photo is
// checked where it is made: its AVIF and WebP variants at 360–960 px, the 480w AVIF of a 12 MP JPEG
// at most 150 kB (app/lib/photos/photo-pipeline.server.test.ts), an item page's photos as a
// <picture> with srcset (e2e/gallery.spec.ts, on the fixture and on the staff-edited content, which
// adds an item with a phone's photo), /data.json's titles by position
// (app/features/gallery/gallery-data.server.test.ts); that a save is published, studio.spec.ts's.

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
  server = await startStudioServer({ PUBLISH: "0" });
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
  // A refused save says why in the server's output.
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

test("upload a 12 MP photo to a gallery item: the studio stores it under the item's photos, and the entry names it with its title", async ({ page }) => {
  await localOnly(page);
  const title = "Organic Cotton T-Shirt (studio upload)";
  const dialog = await openAddPhotoDialog(page);
  await choosePhoto(page, dialog, photos.jpeg);
  await dialog.getByRole("textbox", { name: "Title" }).fill(title);
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Save" }).click();

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
});

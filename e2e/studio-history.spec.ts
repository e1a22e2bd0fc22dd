import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { mkdir, mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Browser } from "@playwright/test";
import sharp from "sharp";
import { parse } from "yaml";
import { historyE2eRetention, staffE2eAccounts, type StaffE2eAccount } from "../scripts/test-setup/staff-e2e-data";
import { startStudioServer, type StudioServer } from "../scripts/test-setup/studio-server.mjs";
import { photoLikeJpeg } from "../test-support/photos";
import { itemWithTitledPhotos } from "./content";
import { seriousA11yViolations } from "./fixtures";
import { saveLandsMs, signedInAt, studioExpect } from "./studio-helpers";

// The content history (decision 0096) in Chromium against `npm start`'s server, on a temp copy of the
// content under test (scripts/test-setup/studio-server.mjs) on PGlite, seeded with the staff desk's e2e
// accounts (staff-e2e-seed.ts): an editor's save in the real studio shows in the history with her name
// and the diff and in the audit log; an admin's Restore in the history writes the files back, a
// replaced photo's first bytes too. The history's rules over HTTP — on both databases where the
// database is the subject, a deleted entry brought back, a restore the schema refuses, the retention,
// 403 for sales — are server/studio/content-history.test.ts's and server/staff/retention.test.ts's
// (decisions 0143, 0144). What a publish makes of the restored files is not checked here, so the
// server does not publish (PUBLISH=0, no site build): that a change of the content is published is
// studio.spec.ts's phone change and server/publish/publishing.test.ts's, and that a photo's variants
// are named by its bytes, so the first photo restored is served as its first variants again, is
// app/lib/photos/photo-pipeline.server.test.ts's (decision 0202).

const run = promisify(execFile);

test.describe.configure({ timeout: 420_000 });

/** Screenshots for a change's note, only when asked for (E2E_SHOTS_DIR). */
const shotsDir = process.env.E2E_SHOTS_DIR;

test.describe("content history on PGlite", () => {
  test.describe.configure({ mode: "serial" });
  let server: StudioServer;
  let dataDir: string;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    dataDir = await mkdtemp(join(tmpdir(), "ssl-history-e2e-"));
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" };
    await run(process.execPath, ["--import", "tsx", "scripts/test-setup/staff-e2e-seed.ts", "--content-history"], { env });
    server = await startStudioServer({
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      CONTENT_HISTORY_DAYS: String(historyE2eRetention.days),
      PUBLISH: "0",
    });
  });

  test.afterAll(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  test.afterEach(async ({ page: _page }, testInfo) => {
    if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach("server output", { body: server.log() });
  });

  /** A browser of its own for `who`, signed in at the staff desk. */
  const signedIn = (browser: Browser, who: StaffE2eAccount) => signedInAt(browser, server.origin, who);

  /** The head office's entry in the copy (any content: the one marked isHeadOffice). */
  async function headOffice() {
    const dir = join(server.contentDir, "offices");
    for (const name of (await readdir(dir)).sort()) {
      const office = parse(await readFile(join(dir, name), "utf8")) as { isHeadOffice?: boolean; phone: string };
      if (office.isHeadOffice) return { slug: name.replace(/\.yaml$/, ""), file: join(dir, name), phone: office.phone };
    }
    throw new Error("the content under test has no head office");
  }

  /** A photo of a gallery item in the copy: its path as the studio names it, and its file. */
  function galleryPhoto() {
    const photo = itemWithTitledPhotos(1).item.photos[0]!;
    return { path: `content${photo.image}`, file: join(server.contentDir, photo.image) };
  }

  test("an editor's phone change is in the history with her name, the entry and the diff, and in the audit log; an admin's Restore writes the phone and a replaced photo back", async ({
    browser,
  }) => {
    const office = await headOffice();
    const newPhone = "+880 1711-404040";
    const editor = await signedIn(browser, "editor");

    // A gallery photo, before it is replaced below.
    const photo = galleryPhoto();
    const firstPhoto = await readFile(photo.file);

    await editor.goto(`/keystatic/collection/offices/item/${office.slug}`);
    const phone = editor.getByRole("textbox", { name: "Phone" });
    await studioExpect(phone).toHaveValue(office.phone);
    await phone.fill(newPhone);
    await editor.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => readFile(office.file, "utf8"), { timeout: saveLandsMs }).toContain(`phone: ${newPhone}`);
    // The studio's save of a replacement photo (Keystatic sends the photo alone, the entry's file
    // being unchanged).
    const secondPhoto = await sharp(await photoLikeJpeg(480, 360, 7))
      .webp()
      .toBuffer();
    const replaced = await editor.request.post("/api/keystatic/update", {
      headers: { "no-cors": "1", "content-type": "application/json", origin: server.origin },
      data: { additions: [{ path: photo.path, contents: secondPhoto.toString("base64url") }], deletions: [] },
    });
    expect(replaced.status()).toBe(200);
    expect((await readFile(photo.file)).equals(secondPhoto)).toBe(true);

    await editor.goto("/staff/history");
    const row = editor
      .getByRole("row")
      .filter({ hasText: `Offices (addresses, phones): ${office.slug}` })
      .first();
    await expect(row).toContainText(staffE2eAccounts.editor.name);
    await expect(row).toContainText("Changed");
    expect(await seriousA11yViolations(editor)).toEqual([]);
    if (shotsDir) {
      await mkdir(shotsDir, { recursive: true });
      await editor.screenshot({ path: join(shotsDir, "c48-history-desktop.png"), fullPage: true });
      await editor.setViewportSize({ width: 390, height: 844 });
      await editor.screenshot({ path: join(shotsDir, "c48-history-phone.png"), fullPage: true });
      await editor.setViewportSize({ width: 1280, height: 720 });
    }
    await row.getByRole("link").first().click();
    const diff = editor.getByRole("region", { name: `content/offices/${office.slug}.yaml` });
    // The field by the studio's label, before → after (decision 0150).
    await expect(diff.getByRole("listitem")).toHaveText(`Phone: Before: ${office.phone} → After: ${newPhone}`);
    await expect(diff.locator("del")).toContainText(office.phone);
    await expect(diff.locator("ins")).toContainText(newPhone);
    expect(await seriousA11yViolations(editor)).toEqual([]);
    if (shotsDir) {
      await editor.screenshot({ path: join(shotsDir, "c48-revision-desktop.png"), fullPage: true });
      await editor.setViewportSize({ width: 390, height: 844 });
      await editor.screenshot({ path: join(shotsDir, "c48-revision-phone.png"), fullPage: true });
    }
    const revisionUrl = editor.url();

    const admin = await signedIn(browser, "admin");
    await admin.goto("/staff/audit?action=content.");
    const revisionPath = new URL(revisionUrl).pathname;
    const saved = admin.getByRole("row").filter({ has: admin.getByRole("link", { name: `revision:${revisionPath.split("/").pop()}`, exact: true }) });
    await expect(saved).toContainText("content.save");
    await expect(saved).toContainText(staffE2eAccounts.editor.email);
    await expect(saved.getByRole("link", { name: /^revision:\d+$/ })).toHaveAttribute("href", revisionPath);

    // Both restores: the photo's, then the phone's.
    await admin.goto("/staff/history");
    const photoRow = admin.getByRole("row").filter({ hasText: "Photos uploaded" }).first();
    await expect(photoRow).toContainText(staffE2eAccounts.editor.name);
    await photoRow.getByRole("link").first().click();
    await expect(admin.getByRole("img", { name: `Photo after: ${photo.path}` })).toBeAttached();
    await admin.getByRole("button", { name: "Restore this version" }).click();
    await expect(admin.getByRole("status")).toContainText("Restored.");
    await admin.goto(revisionUrl);
    await admin.getByRole("button", { name: "Restore this version" }).click();
    await expect(admin.getByRole("status")).toContainText("Restored.");
    await expect.poll(() => readFile(office.file, "utf8")).toContain(`phone: ${office.phone}`);
    expect((await readFile(photo.file)).equals(firstPhoto)).toBe(true);
    await admin.goto("/staff/history");
    const rows = admin.getByRole("row").filter({ hasText: `Offices (addresses, phones): ${office.slug}` });
    await expect(rows.nth(0)).toContainText("Restored");
    await expect(rows.nth(0)).toContainText(staffE2eAccounts.admin.name);
    await expect(rows.nth(1)).toContainText("Changed");
  });
});

// Screenshots of drafts, publishing and the preview (decision 0159) for the staff guide
// (docs/editing.md): the studio after a save that is a draft (docs/drafts-studio.png), "Changes to
// publish" (docs/drafts-publish.png) and a page of the preview with its bar (docs/drafts-preview.png).
// Taken in Debian's Chromium against `npm start`'s server on temp copies with a published tree and a
// preview port (scripts/test-setup/studio-server.mjs), the staff desk's e2e accounts seeded into its
// own embedded database; saved as palette PNGs to keep them small. Run after `npm run build`:
//   node --import tsx scripts/generate/drafts-screenshots.mjs
import { readFile, readdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import sharp from "sharp";
import { parse } from "yaml";
import { chromiumFlags, chromiumPath } from "../test-setup/chromium-flags.mjs";
import { staffE2eAccounts, staffE2ePassword } from "../test-setup/staff-e2e-data.ts";
import { seededDataDir, startStudioServer } from "../test-setup/studio-server.mjs";

const dataDir = await seededDataDir();
const server = await startStudioServer({ DATA_DIR: dataDir, DATABASE_URL: "" }, { drafts: true });
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
const shots = [];

/** The page as it is in the window, as a palette PNG (a third of the size of a full-colour one). */
async function shoot(page, path, options = {}) {
  await writeFile(
    path,
    await sharp(await page.screenshot(options))
      .png({ palette: true, effort: 10 })
      .toBuffer(),
  );
  shots.push(path);
}

try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: server.origin });
  await context.route(/^(?!https?:\/\/(localhost|127\.0\.0\.1)[:/])/, (route) => route.fulfill({ status: 204, body: "" }));
  const page = await context.newPage();
  await page.goto("/staff/sign-in");
  await page.getByLabel("E-mail address").fill(staffE2eAccounts.editor.email);
  await page.getByLabel("Password").fill(staffE2ePassword);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => !url.pathname.endsWith("/sign-in"));

  // The head office's phone changed and saved in the studio: a draft.
  let office;
  for (const name of (await readdir(join(server.contentDir, "offices"))).sort()) {
    const entry = parse(await readFile(join(server.contentDir, "offices", name), "utf8"));
    if (entry.isHeadOffice) office = name.replace(/\.yaml$/, "");
  }
  const phone = "+880 1711-234567";
  await page.goto(`/keystatic/collection/offices/item/${office}`);
  const field = page.getByRole("textbox", { name: "Phone" });
  await field.waitFor({ timeout: 60_000 });
  await field.fill(phone);
  await page.getByRole("button", { name: "Save" }).click();
  const officeFile = join(server.contentDir, "offices", `${office}.yaml`);
  while (!(await readFile(officeFile, "utf8")).includes(phone)) await page.waitForTimeout(200);
  // The corner badge's answer to the save (it asks the server every 3 s).
  await page.getByRole("status").filter({ hasText: "Saved as a draft" }).waitFor({ timeout: 30_000 });
  await shoot(page, "docs/drafts-studio.png");

  // An FAQ answer changed too, through the studio's save request, so the list has two entries.
  const faqDir = join(server.contentDir, "faq");
  const faqName = (await readdir(faqDir)).filter((name) => name.endsWith(".mdoc")).sort()[0];
  const faq = await readFile(join(faqDir, faqName), "utf8");
  const saved = await page.request.post("/api/keystatic/update", {
    headers: { "no-cors": "1", "content-type": "application/json", origin: server.origin },
    data: {
      additions: [{ path: `content/faq/${faqName}`, contents: Buffer.from(`${faq.trimEnd()} Ask us for the details.\n`).toString("base64url") }],
      deletions: [],
    },
  });
  if (saved.status() !== 200) throw new Error(`the FAQ save failed (${saved.status()})`);

  await page.setViewportSize({ width: 1024, height: 800 });
  await page.goto("/staff/publish");
  await page.getByRole("checkbox").first().check();
  await shoot(page, "docs/drafts-publish.png", { fullPage: true });

  // The preview of /contact once it is built with the save (a ceiling: the page as it is then).
  await page.setViewportSize({ width: 1280, height: 800 });
  const until = Date.now() + 240_000;
  for (;;) {
    const response = await page.goto(`${server.previewOrigin}/contact`);
    if ((response?.ok() && (await page.locator("body").innerText()).includes(phone)) || Date.now() > until) break;
    await page.waitForTimeout(2000);
  }
  await page.getByRole("region", { name: "Preview — not published" }).scrollIntoViewIfNeeded();
  await shoot(page, "docs/drafts-preview.png");
  console.log(shots.join(", "));
} finally {
  await browser.close();
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}

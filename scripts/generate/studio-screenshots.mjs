// Screenshots of the content studio for the staff guide (docs/editing.md, docs/studio-*.png), taken in Debian's Chromium
// against a server on temp copies (scripts/test-setup/studio-server.mjs). Run after `npm run build`.
import { chromium } from "@playwright/test";
import { chromiumFlags, chromiumPath } from "../test-setup/chromium-flags.mjs";
import { startStudioServer } from "../test-setup/studio-server.mjs";

const server = await startStudioServer();
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.route(/^(?!https?:\/\/(localhost|127\.0\.0\.1)[:/])/, (route) => route.fulfill({ status: 204, body: "" }));

  await page.goto(`${server.origin}/keystatic`);
  await page.getByRole("heading", { name: "Dashboard" }).waitFor();
  await page
    .getByRole("status")
    .filter({ hasText: /Site up to date|Published/ })
    .waitFor();
  // The whole dashboard, every group in one picture: the studio scrolls inside its own panel, so the
  // window grows to that panel's full height (fullPage would stop at the window).
  const overflow = await page.getByRole("main").evaluate((main) => Math.max(0, ...[...main.querySelectorAll("*")].map((e) => e.scrollHeight - e.clientHeight)));
  await page.setViewportSize({ width: 1280, height: 800 + overflow });
  await page.screenshot({ path: "docs/studio-dashboard.png" });
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto(`${server.origin}/keystatic/collection/offices/item/bangladesh`);
  const phone = page.getByRole("textbox", { name: "Phone" });
  await phone.waitFor();
  await phone.fill("+880 1711-234567");
  await phone.blur();
  await page.screenshot({ path: "docs/studio-edit-office.png" });

  await page.goto(`${server.origin}/keystatic/collection/faqEntries/item/moq`);
  await page.getByRole("textbox", { name: "Answer" }).waitFor();
  await page.screenshot({ path: "docs/studio-faq-entry.png" });
  console.log("docs/studio-dashboard.png, docs/studio-edit-office.png, docs/studio-faq-entry.png");
} finally {
  await browser.close();
  await server.stop();
}

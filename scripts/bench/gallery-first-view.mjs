// `node scripts/bench/gallery-first-view.mjs [url]`: image bytes and CLS of a gallery page on first
// view, as a phone (412 × 823, DPR 1.75) and a desktop (1350 × 940) see it. Needs `npm start` running.
/* global window -- the page callbacks run in the browser */
import { chromium } from "@playwright/test";

const url = process.argv[2] ?? `http://localhost:${process.env.PORT ?? 3000}/gallery/men/tshirt`;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
for (const [name, viewport, deviceScaleFactor] of [
  ["mobile", { width: 412, height: 823 }, 1.75],
  ["desktop", { width: 1350, height: 940 }, 1],
]) {
  const context = await browser.newContext({ viewport, deviceScaleFactor });
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__cls += entry.value;
    }).observe({ type: "layout-shift", buffered: true });
  });
  const images = [];
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "image") return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    images.push({ url: new URL(response.url()).pathname, bytes: body.length });
  });
  await page.goto(url, { waitUntil: "networkidle" });
  await page.waitForTimeout(1000);
  const cls = await page.evaluate(() => window.__cls);
  const total = images.reduce((sum, i) => sum + i.bytes, 0);
  console.log(`${name}: ${images.length} images, ${total} bytes (${(total / 1024).toFixed(1)} KiB), CLS ${cls.toFixed(4)}`);
  for (const i of images) console.log(`  ${i.bytes}\t${i.url}`);
  await context.close();
}
await browser.close();

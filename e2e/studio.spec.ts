import { readFile, readdir } from "node:fs/promises";
import { parse } from "yaml";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import keystaticConfig from "../keystatic.config";
import { publishAfter as lastPublishAfter, publishCeilingMs, saveLandsMs, studioExpect, studioServerForFile, watchPage } from "./studio-helpers";

// The real studio (Keystatic's UI at /keystatic) in Chromium, against `npm start`'s server started
// here on a free port with temp copies of the content under test and its build (scripts/test-setup/studio-server.mjs).
// Saving in the studio writes the copy; publishing rebuilds and swaps the copy's site. Adding a FAQ
// entry is studio-faq.spec.ts's, on a server of its own: the two publishes run side by side.

// One server for the file, its tests in order; after a failure Playwright starts a fresh worker (and server).
test.describe.configure({ timeout: 180_000 });
const studio = studioServerForFile();

/** The last publish, if it finished after `since` (ms): a failed one ends the wait with its reason. */
const publishAfter = (since: number) => lastPublishAfter(studio.server.origin, since);

const footer = (page: Page) => page.getByRole("contentinfo");

/** The head office's entry in the copy: its file name is its address in the studio. */
async function headOffice() {
  const dir = join(studio.server.contentDir, "offices");
  for (const name of (await readdir(dir)).sort()) {
    const file = join(dir, name);
    const office = parse(await readFile(file, "utf8")) as { isHeadOffice?: boolean; phone: string };
    if (office.isHeadOffice) return { slug: name.replace(/\.yaml$/, ""), file, phone: office.phone };
  }
  throw new Error("the content under test has no head office");
}

test("the dashboard shows the content grouped by where it shows on the site, every name in full; a translation opens", async ({ page }) => {
  const problems = await watchPage(page);
  const { singletons = {}, collections = {}, ui } = keystaticConfig;
  const types: Record<string, { label: string }> = { ...singletons, ...collections };
  const groups: [string, string[]][] = ui?.navigation && !Array.isArray(ui.navigation) ? Object.entries(ui.navigation) : [];
  // Each group heading, then the name of every type in it, in that order.
  const expected = groups.flatMap(([group, keys]) => [`h2 ${group}`, ...keys.map((key) => `h3 ${types[key]!.label}`)]);

  await page.goto(`${studio.server.origin}/keystatic`);
  const main = page.getByRole("main");
  await studioExpect(main.getByRole("heading", { level: 2 }).first()).toBeVisible();
  const headings = await main.locator("h2, h3").evaluateAll((elements) => elements.map((e) => `${e.tagName.toLowerCase()} ${e.textContent}`));
  expect(headings).toEqual(expected);
  expect(groups.map(([group]) => group)).toEqual([
    "Home page",
    "Company pages",
    "Products",
    "Jobs",
    "Forms and messages",
    "Site-wide",
    "Translations: Deutsch (de)",
  ]);

  // A name too long for its card is cut off with "…": none may be, on a desktop and on a small
  // phone, whatever font this machine has (names wrap instead: studio/studio.css).
  const cutOffNames = () =>
    main
      .locator("h3 *")
      .evaluateAll((elements) => elements.filter((e) => e.scrollHeight > e.clientHeight || e.scrollWidth > e.clientWidth).map((e) => e.textContent));
  expect(await cutOffNames()).toEqual([]);
  await page.setViewportSize({ width: 320, height: 640 });
  await studioExpect(main.getByRole("heading", { level: 3 }).first()).toBeVisible();
  expect(await cutOffNames()).toEqual([]);

  // A language's interface words open in the studio with that language's file (decision 0179).
  const german = parse(await readFile(join(studio.server.contentDir, "quote/de.yaml"), "utf8")) as { title: string };
  await page.goto(`${studio.server.origin}/keystatic/singleton/quote_de`);
  // The form's own title comes first; the sent and not-sent pages' titles follow in their groups.
  await studioExpect(page.getByRole("textbox", { name: "Page title" }).first()).toHaveValue(german.title);
  expect(problems).toEqual([]);
});

test("change the head office phone number: the file changes, and / and /contact show it once published", { tag: "@content" }, async ({ page }) => {
  const problems = await watchPage(page);
  const office = await headOffice();
  const officeFile = office.file;
  const before = await readFile(officeFile, "utf8");
  const newPhone = "+880 1711-234567";
  expect(before).not.toContain(newPhone);

  await page.goto(`${studio.server.origin}/keystatic/collection/offices/item/${office.slug}`);
  const phone = page.getByRole("textbox", { name: "Phone" });
  await studioExpect(phone).toHaveValue(office.phone);
  await phone.fill(newPhone);
  await page.getByRole("button", { name: "Save" }).click();
  const savedAt = Date.now();

  await expect.poll(() => readFile(officeFile, "utf8"), { timeout: saveLandsMs }).toContain(`phone: ${newPhone}`);
  expect((await readFile(officeFile, "utf8")).replace(/^phone: .*$/m, "")).toBe(before.replace(/^phone: .*$/m, ""));

  for (const path of ["/", "/contact"]) {
    await expect
      .poll(
        async () => {
          // No page load while the site builds: it would take the build's CPU.
          if (!(await publishAfter(savedAt))) return "not published yet";
          await page.goto(`${studio.server.origin}${path}`);
          return footer(page).textContent();
        },
        { timeout: Math.max(1000, publishCeilingMs - (Date.now() - savedAt)), intervals: [1000] },
      )
      .toContain(newPhone);
  }
  await expect(footer(page).getByRole("link", { name: newPhone })).toHaveAttribute("href", "tel:+8801711234567");
  test.info().annotations.push({ type: "publish latency", description: `${((Date.now() - savedAt) / 1000).toFixed(1)} s (save → both pages)` });
  expect(problems).toEqual([]);
});

test("an empty required field is refused in the studio with a message, and nothing is written", async ({ page }) => {
  await watchPage(page);
  const office = await headOffice();
  const officeFile = office.file;
  const before = await readFile(officeFile, "utf8");

  await page.goto(`${studio.server.origin}/keystatic/collection/offices/item/${office.slug}`);
  const phone = page.getByRole("textbox", { name: "Phone" });
  await studioExpect(phone).toHaveValue(office.phone);
  await phone.fill("");
  await page.getByRole("button", { name: "Save" }).click();

  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(phone).toHaveAccessibleDescription(/Phone must not be empty/);
  await expect(page.getByText("Phone must not be empty")).toBeVisible();
  await expect(page.getByText("Unsaved")).toBeVisible();
  expect(await readFile(officeFile, "utf8")).toBe(before);
});

test("the studio refuses a request that is not from this machine, without the password", async ({ request }) => {
  // Through a proxy on this machine (as nginx forwards every visitor): the client is elsewhere.
  for (const path of ["/keystatic", "/keystatic/collection/offices/item/bangladesh", "/api/keystatic/tree"]) {
    const response = await request.get(`${studio.server.origin}${path}`, { headers: { "x-forwarded-for": "198.51.100.4", "no-cors": "1" } });
    expect(response.status(), path).toBe(403);
    expect(await response.text()).toContain("answers only on this machine");
  }

  // A socket from another machine's address is server/studio/studio.test.ts's ("refuses … from
  // another machine"): not every machine running this has an address other than loopback.
  // The public site answers the same visitor as usual.
  expect((await request.get(`${studio.server.origin}/`, { headers: { "x-forwarded-for": "198.51.100.4" } })).status()).toBe(200);
});

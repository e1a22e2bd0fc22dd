import { readFile, readdir } from "node:fs/promises";
import { parse } from "yaml";
import { networkInterfaces } from "node:os";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import keystaticConfig from "../keystatic.config";
import { startStudioServer, type StudioServer } from "../scripts/test-setup/studio-server.mjs";
import { content } from "./content";
import { publishAfter as lastPublishAfter } from "./studio-helpers";

// The real studio (Keystatic's UI at /keystatic) in Chromium, against `npm start`'s server started
// here on a free port with temp copies of the content under test and its build (scripts/test-setup/studio-server.mjs).
// Saving in the studio writes the copy; publishing rebuilds and swaps the copy's site.

/**
 * A save reaches the public pages once the site is rebuilt and swapped in. Issue 15 asks 60 s for
 * that, a timing measured by `npm run bench:publish` (timings go in benchmarks, never in tests): here
 * the wait is only a ceiling, with room for a full build of the content under test on a busy machine,
 * and the time it took is reported.
 */
const publishCeilingMs = 150_000;

/** The studio is a 3 MB script: on a busy machine its first screen takes longer than expect's 5 s. */
const studioExpect = expect.configure({ timeout: 30_000 });

let server: StudioServer;

// One server for the file, in order; after a failure Playwright starts a fresh worker (and server).
test.describe.configure({ timeout: 180_000 });

test.beforeAll(async () => {
  server = await startStudioServer();
});

test.afterAll(async () => {
  await server?.stop();
});

test.afterEach(async ({ page: _page }, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach("server output", { body: server.log() });
});

/** The last publish, if it finished after `since` (ms): a failed one ends the wait with its reason. */
const publishAfter = (since: number) => lastPublishAfter(server.origin, since);

/** No request leaves this machine; studio pages record CSP violations and errors. */
async function watchPage(page: Page) {
  const problems: string[] = [];
  await page.context().route(/^(?!https?:\/\/(localhost|127\.0\.0\.1)[:/])/, (route) =>
    route.request().url().startsWith("data:") || route.request().url().startsWith("blob:")
      ? route.continue()
      : route.fulfill({ status: 204, body: "" }),
  );
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return problems;
}

const footer = (page: Page) => page.getByRole("contentinfo");

/** The head office's entry in the copy: its file name is its address in the studio. */
async function headOffice() {
  const dir = join(server.contentDir, "offices");
  for (const name of (await readdir(dir)).sort()) {
    const file = join(dir, name);
    const office = parse(await readFile(file, "utf8")) as { isHeadOffice?: boolean; phone: string };
    if (office.isHeadOffice) return { slug: name.replace(/\.yaml$/, ""), file, phone: office.phone };
  }
  throw new Error("the content under test has no head office");
}

test("the dashboard shows the content grouped by where it shows on the site, every name in full", async ({ page }) => {
  const problems = await watchPage(page);
  const { singletons = {}, collections = {}, ui } = keystaticConfig;
  const types: Record<string, { label: string }> = { ...singletons, ...collections };
  const groups: [string, string[]][] = ui?.navigation && !Array.isArray(ui.navigation) ? Object.entries(ui.navigation) : [];
  // Each group heading, then the name of every type in it, in that order.
  const expected = groups.flatMap(([group, keys]) => [`h2 ${group}`, ...keys.map((key) => `h3 ${types[key]!.label}`)]);

  await page.goto(`${server.origin}/keystatic`);
  const main = page.getByRole("main");
  await studioExpect(main.getByRole("heading", { level: 2 }).first()).toBeVisible();
  const headings = await main.locator("h2, h3").evaluateAll((elements) => elements.map((e) => `${e.tagName.toLowerCase()} ${e.textContent}`));
  expect(headings).toEqual(expected);
  expect(groups.map(([group]) => group)).toEqual(["Home page", "Company pages", "Products", "Jobs", "Forms and messages", "Site-wide"]);

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
  expect(problems).toEqual([]);
});

test("change the head office phone number: the file changes, and / and /contact show it once published", async ({ page }) => {
  const problems = await watchPage(page);
  const office = await headOffice();
  const officeFile = office.file;
  const before = await readFile(officeFile, "utf8");
  const newPhone = "+880 1711-234567";
  expect(before).not.toContain(newPhone);

  await page.goto(`${server.origin}/keystatic/collection/offices/item/${office.slug}`);
  const phone = page.getByRole("textbox", { name: "Phone" });
  await studioExpect(phone).toHaveValue(office.phone);
  await phone.fill(newPhone);
  await page.getByRole("button", { name: "Save" }).click();
  const savedAt = Date.now();

  await expect.poll(() => readFile(officeFile, "utf8"), { timeout: 10_000 }).toContain(`phone: ${newPhone}`);
  expect((await readFile(officeFile, "utf8")).replace(/^phone: .*$/m, "")).toBe(before.replace(/^phone: .*$/m, ""));

  for (const path of ["/", "/contact"]) {
    await expect
      .poll(
        async () => {
          // No page load while the site builds: it would take the build's CPU.
          if (!(await publishAfter(savedAt))) return "not published yet";
          await page.goto(`${server.origin}${path}`);
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

test("add a FAQ entry: /faq shows one question more and its FAQPage JSON-LD has the new one", async ({ page, request }) => {
  const questions = content.faq.entries.length + 1;
  const problems = await watchPage(page);
  const question = "Do you send pre-production samples by air?";
  const answer = "Yes. Pre-production samples go by air courier within five working days of approval.";
  const before = await readdir(join(server.contentDir, "faq"));

  await page.goto(`${server.origin}/keystatic/collection/faqEntries/create`);
  await studioExpect(page.getByRole("textbox", { name: "Question" })).toBeEditable();
  await page.getByRole("textbox", { name: "Question" }).fill(question);
  await page.getByRole("textbox", { name: "Position" }).fill("999"); // after every other question
  const editor = page.getByRole("textbox", { name: "Answer" });
  await editor.click();
  await page.keyboard.type(answer);
  await page.getByRole("button", { name: "Create" }).click();
  const savedAt = Date.now();

  await expect.poll(async () => (await readdir(join(server.contentDir, "faq"))).length, { timeout: 10_000 }).toBe(before.length + 1);

  await expect
    .poll(
      async () => {
        if (!(await publishAfter(savedAt))) return "not yet";
        const html = await (await request.get(`${server.origin}/faq`)).text();
        return html.includes(question) ? "published" : "not yet";
      },
      { timeout: Math.max(1000, publishCeilingMs - (Date.now() - savedAt)), intervals: [1000] },
    )
    .toBe("published");

  await page.goto(`${server.origin}/faq`);
  await expect(page.locator("main details")).toHaveCount(questions);
  await expect(page.getByText(question)).toBeVisible();
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  const faqPage = jsonLd.map((text) => JSON.parse(text) as { "@type"?: string; mainEntity?: Array<{ name: string; acceptedAnswer: { text: string } }> }).find((data) => data["@type"] === "FAQPage");
  expect(faqPage?.mainEntity).toHaveLength(questions);
  expect(faqPage?.mainEntity?.map((entry) => entry.name)).toContain(question);
  expect(problems).toEqual([]);
});

test("an empty required field is refused in the studio with a message, and nothing is written", async ({ page }) => {
  await watchPage(page);
  const office = await headOffice();
  const officeFile = office.file;
  const before = await readFile(officeFile, "utf8");

  await page.goto(`${server.origin}/keystatic/collection/offices/item/${office.slug}`);
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
    const response = await request.get(`${server.origin}${path}`, { headers: { "x-forwarded-for": "198.51.100.4", "no-cors": "1" } });
    expect(response.status(), path).toBe(403);
    expect(await response.text()).toContain("answers only on this machine");
  }

  // Straight from another address of this machine's network (not loopback), when it has one.
  const outside = Object.values(networkInterfaces())
    .flat()
    .find((address) => address && address.family === "IPv4" && !address.internal);
  test.skip(!outside, "this machine has no non-loopback IPv4 address to connect from");
  const direct = await request.get(`http://${outside!.address}:${server.port}/keystatic`);
  expect(direct.status()).toBe(403);
  expect(await direct.text()).toContain(`came from ${outside!.address}`);
  // The public site on the same address answers as usual.
  expect((await request.get(`http://${outside!.address}:${server.port}/`)).status()).toBe(200);
});

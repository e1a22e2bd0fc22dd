import { readdir } from "node:fs/promises";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { staffE2eAccounts, staffE2ePassword, type StaffE2eAccount } from "../scripts/test-setup/staff-e2e-data";
import { startStudioServer, type StudioServer } from "../scripts/test-setup/studio-server.mjs";

// Shared by the publishing specs (e2e/studio*.spec.ts), which run `npm start`'s server on temp copies.

/**
 * A save reaches the public pages once the site is rebuilt and swapped in. The publishing target is 60 s for
 * that, a timing measured by `npm run bench:publish` (timings go in benchmarks, never in tests): a
 * spec's wait is only a ceiling, with room for a full build of the content under test on a busy
 * machine, and the time it took is reported.
 */
export const publishCeilingMs = 150_000;

/**
 * The studio is a 3 MB script that lists the content's tree before its first screen: on a busy
 * machine, beside a build, an item's form took longer than 30 s to show (decision 0196). A ceiling.
 */
export const studioExpect = expect.configure({ timeout: 60_000 });

/**
 * A ceiling for a studio save to reach the content's files: the studio's request waits behind the
 * server's other work (another spec's build on a two-core machine), so 10 s was seen to fall short;
 * the same ceiling as the studio's first screen above.
 */
export const saveLandsMs = 60_000;

/**
 * A content folder's files as the site's reader and the publish see them: a save writes each file
 * beside its place under a hidden temporary name and renames it in (decision 0200), so a listing taken
 * mid-save may hold that name too; it is left out, as the watcher and the reader leave it out.
 */
export async function contentFileNames(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((name) => !name.startsWith("."));
}

/** No request leaves this machine. */
export async function localOnly(page: Page) {
  await page
    .context()
    .route(/^(?!https?:\/\/(localhost|127\.0\.0\.1)[:/])/, (route) =>
      /^(data|blob):/.test(route.request().url()) ? route.continue() : route.fulfill({ status: 204, body: "" }),
    );
}

/** The last publish of the server at `origin`, if it finished after `since` (ms): a failed one ends the wait with its reason. */
export async function publishAfter(origin: string, since: number) {
  const response = await fetch(`${origin}/keystatic/status.json`);
  const state = (await response.json()) as { last?: { ok: boolean; finishedAt: string; error?: string } };
  const last = state.last && Date.parse(state.last.finishedAt) >= since ? state.last : undefined;
  if (last && !last.ok) throw new Error(`publishing failed: ${last.error}`);
  return last;
}

/** No request leaves this machine; studio pages record CSP violations and errors. */
export async function watchPage(page: Page) {
  const problems: string[] = [];
  await localOnly(page);
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return problems;
}

/**
 * One studio server for the spec file that calls this (at its top level), with `env` added to its
 * environment (`PUBLISH: "0"` for a spec that checks no publish: its saves build nothing, decision 0202):
 * started before its first test, stopped after its last, its output attached to a failed test.
 */
export function studioServerForFile(env: Record<string, string> = {}) {
  const studio = {} as { server: StudioServer };
  test.beforeAll(async () => {
    // A hook's own limit (30 s) is short for a server start beside another publishing spec's build.
    test.setTimeout(120_000);
    studio.server = await startStudioServer(env);
  });
  test.afterAll(async () => {
    await studio.server?.stop();
  });
  test.afterEach(async ({ page: _page }, testInfo) => {
    if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach("server output", { body: studio.server.log() });
  });
  return studio;
}

/** A browser context of its own at `origin` for a staff account of the e2e seed (staff-e2e-data.ts), signed in at the desk. */
export async function signedInAt(browser: Browser, origin: string, who: StaffE2eAccount): Promise<Page> {
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  await localOnly(page);
  await page.goto("/staff/sign-in");
  await page.getByLabel("E-mail address").fill(staffE2eAccounts[who].email);
  await page.getByLabel("Password").fill(staffE2ePassword);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Staff desk" })).toBeVisible();
  return page;
}

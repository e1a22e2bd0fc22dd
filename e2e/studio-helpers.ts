import type { Page } from "@playwright/test";

// Shared by the publishing specs (e2e/studio*.spec.ts), which run `npm start`'s server on temp copies.

/** No request leaves this machine. */
export async function localOnly(page: Page) {
  await page.context().route(/^(?!https?:\/\/(localhost|127\.0\.0\.1)[:/])/, (route) =>
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

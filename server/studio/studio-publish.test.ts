import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { StudioPublishAnswer, StudioStatus } from "../../app/lib/contracts/publish-state";
import { draftedPhoneAndAnswer } from "../../test-support/drafts";
import type { TestBrowser } from "../../test-support/staff";
import { staffSuite } from "../../test-support/staff-suite";
import { listRevisions } from "../leads/content-history";
import type { PublishState } from "../publish/publish-queue";
import { listAudit } from "../staff/audit";
import { openPublishRequests, savePublishApproval } from "./publish-requests";

// The studio says where a save went and publishes from the same screen (decision 0159): its status
// names the drafted entries and the preview's state and address; POST /keystatic/publish publishes
// the entry on screen (or all) as the desk does, or asks for approval when the company wants one.
// Above the store: PGlite.

describe("publishing from the studio on PGlite", () => {
  let previewState: PublishState = { phase: "idle", queued: false };
  let published = "";
  const { leads, server, signedIn } = staffSuite("PGlite", async () => {
    published = join(await mkdtemp(join(tmpdir(), "ssl-studio-publish-")), "published", "content");
    await mkdir(published, { recursive: true });
    return {
      studio: {
        publishedContentDir: published,
        publishState: () => ({ phase: "idle", queued: false }),
        preview: { state: () => previewState, url: (url) => `${url.protocol}//${url.hostname}:4011/` },
      },
    };
  });
  afterAll(async () => {
    await rm(dirname(dirname(published)), { recursive: true, force: true });
  });
  beforeEach(async () => {
    previewState = { phase: "idle", queued: false };
    await draftedPhoneAndAnswer(server.contentDir, published);
  });

  const status = async (browser: TestBrowser) =>
    (await (await browser.request("/keystatic/status.json", { headers: { accept: "application/json" } })).json()) as StudioStatus;
  /** The badge's post: fetch from the studio's page (same origin). */
  const publish = (
    browser: TestBrowser,
    fields: Array<[string, string]>,
    headers: Record<string, string> = { origin: browser.origin, "sec-fetch-site": "same-origin" },
  ) =>
    browser.request("/keystatic/publish", {
      method: "POST",
      body: new URLSearchParams(fields).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json", ...headers },
    });
  const publishedPhone = () => readFile(join(published, "site.yaml"), "utf8");

  it("the status names the drafted entries with their studio screens, and the preview's state and address", async () => {
    const editor = await signedIn("editor");
    const answer = await status(editor);
    expect(answer.phase).toBe("idle");
    expect(answer.drafts).toEqual({
      entries: [
        { key: "collection:faq:moq", label: "FAQ: moq", screen: "/keystatic/collection/faq/item/moq" },
        { key: "singleton:site:", label: "Site", screen: "/keystatic/singleton/site" },
      ],
      publishUrl: "/keystatic/publish",
      needsApproval: false,
    });
    expect(answer.preview).toEqual({ phase: "idle", queued: false, url: "http://localhost:4011/" });

    previewState = { phase: "building", queued: false };
    expect((await status(editor)).preview?.phase).toBe("building");
  });

  it("publishes the entry on screen through the desk's publish: its revision and audit entry; the other stays a draft", async () => {
    const editor = await signedIn("editor");
    const response = await publish(editor, [["entry", "singleton:site:"]]);
    expect(response.status).toBe(200);
    expect((await response.json()) as StudioPublishAnswer).toEqual({ outcome: "published", message: expect.stringContaining("Published 1 entry.") });
    expect(await publishedPhone()).toBe("phone: +880 2 5555 0177\n");
    expect(await readFile(join(published, "faq/moq.yaml"), "utf8")).toContain("It depends.");
    const [revision] = await listRevisions(leads.db);
    expect(revision).toMatchObject({ action: "publish", entryKey: "site", actorName: "Editor Person" });
    expect(await listAudit(leads.db, { action: "content.publish" })).toEqual([
      expect.objectContaining({ actorEmail: "editor@example.com", detail: expect.objectContaining({ entries: ["Site"] }) }),
    ]);
    expect((await status(editor)).drafts?.entries.map((entry) => entry.key)).toEqual(["collection:faq:moq"]);
  });

  it("publishes all drafted entries at once", async () => {
    const admin = await signedIn("admin");
    const response = await publish(admin, [["all", "1"]]);
    expect(((await response.json()) as StudioPublishAnswer).message).toContain("Published 2 entries.");
    expect((await status(admin)).drafts?.entries).toEqual([]);
    const nothing = await publish(admin, [["all", "1"]]);
    expect(nothing.status).toBe(409);
    expect(((await nothing.json()) as StudioPublishAnswer).message).toBe("Nothing to publish: the public site shows every saved change.");
  });

  it("with approvals on, an editor's publish becomes a request an administrator approves, and says so", async () => {
    await savePublishApproval(leads.db, "admins");
    const editor = await signedIn("editor");
    expect((await status(editor)).drafts?.needsApproval).toBe(true);
    const response = await publish(editor, [["entry", "singleton:site:"]]);
    expect((await response.json()) as StudioPublishAnswer).toEqual({ outcome: "requested", message: "Sent for approval: it is published once approved." });
    expect(await publishedPhone()).toBe("phone: +880 2 5555 0100\n");
    expect(await openPublishRequests(leads.db)).toEqual([
      expect.objectContaining({ status: "waiting-approval", requestedByName: "Editor Person", runAt: null }),
    ]);
    expect(await listAudit(leads.db, { action: "content.publish-request" })).toEqual([
      expect.objectContaining({ actorEmail: "editor@example.com", detail: { entries: ["Site"], from: "studio" } }),
    ]);
    // An administrator publishes directly.
    const admin = await signedIn("admin");
    expect((await status(admin)).drafts?.needsApproval).toBe(false);
  });

  it("an entry published meanwhile, or none named, is refused with the reason and nothing changes", async () => {
    const editor = await signedIn("editor");
    const gone = await publish(editor, [["entry", "collection:faq:gone"]]);
    expect(gone.status).toBe(409);
    expect(((await gone.json()) as StudioPublishAnswer).message).toContain("has no unpublished changes any more");
    const none = await publish(editor, []);
    expect(none.status).toBe(400);
    expect(await publishedPhone()).toBe("phone: +880 2 5555 0100\n");
    expect(await listRevisions(leads.db)).toEqual([]);
  });

  it("before the first account (this machine only), a post from another site is refused too; this machine's publishes", async () => {
    const machine = server.browser();
    const crossSite = await publish(machine, [["entry", "singleton:site:"]], { origin: "https://evil.example", "sec-fetch-site": "cross-site" });
    expect(crossSite.status).toBe(403);
    expect(await publishedPhone()).toBe("phone: +880 2 5555 0100\n");
    expect((await publish(machine, [["entry", "singleton:site:"]])).status).toBe(200);
    expect(await publishedPhone()).toBe("phone: +880 2 5555 0177\n");
    expect((await listRevisions(leads.db))[0]).toMatchObject({ action: "publish", actorName: "this machine" });
  });

  it("refuses a post from another site, a sales account and a stranger: nothing is published", async () => {
    const editor = await signedIn("editor");
    const crossSite = await publish(editor, [["entry", "singleton:site:"]], { origin: "https://evil.example", "sec-fetch-site": "cross-site" });
    expect(crossSite.status).toBe(403);
    const sales = await signedIn("sales");
    expect((await publish(sales, [["entry", "singleton:site:"]])).status).toBe(403);
    expect((await publish(server.browser(), [["entry", "singleton:site:"]])).status).toBe(401);
    expect(await publishedPhone()).toBe("phone: +880 2 5555 0100\n");
    expect(await listRevisions(leads.db)).toEqual([]);
  });

  it("the status page says whether the preview is ready, building or failed, and why, with its link", async () => {
    const editor = await signedIn("editor");
    const page = async () => (await editor.request("/keystatic/status")).text();
    expect(await page()).toContain("The preview is ready: it shows every save.");
    expect(await page()).toContain('<a href="http://localhost:4011/">Open the preview</a>');
    previewState = { phase: "building", queued: false };
    expect(await page()).toContain("The preview is being built with the latest saves.");
    previewState = {
      phase: "idle",
      queued: false,
      last: {
        ok: false,
        changes: ["site.yaml"],
        startedAt: "2026-12-06T10:00:00.000Z",
        finishedAt: "2026-12-06T10:00:20.000Z",
        durationMs: 20_000,
        output: "…",
        error: "content/site.yaml: phone: must not be empty",
      },
    };
    expect(await page()).toContain("The last preview build failed: the preview shows the version before it.");
    expect(await page()).toContain("content/site.yaml: phone: must not be empty");
  });
});

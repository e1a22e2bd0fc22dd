import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ensurePublishedTree } from "../../scripts/start-build.mjs";
import { openTestDatabase } from "../../test-support/databases";
import { addTestAccount, startStaffServer, type TestBrowser } from "../../test-support/staff";
import { truncateAll, type LeadsDatabase } from "../db/db";
import { listRevisions } from "../leads/content-history";
import { listAudit } from "../staff/audit";
import { truncateStaff } from "../staff/auth";
import { openPublishRequests, savePublishApproval } from "./publish-requests";

// Changes to publish (decision 0159) on the desk: editors and admins see the drafted entries,
// publish all or the ticked ones, discard, schedule at a time of the desk's zone; with approvals
// on, an editor's publish waits for an administrator. Above the store: PGlite.

describe("changes to publish on PGlite", () => {
  let leads: LeadsDatabase;
  let server: Awaited<ReturnType<typeof startStaffServer>>;
  let root = "";
  let clock = new Date("2026-12-10T02:00:00Z");
  const working = () => join(root, "work", "content");
  const published = () => join(root, "data", "published", "content");

  beforeAll(async () => {
    leads = await openTestDatabase("PGlite");
    root = await mkdtemp(join(tmpdir(), "ssl-publish-page-"));
    await mkdir(working(), { recursive: true });
    // The published tree exists when the server starts (npm start makes it): the desk then has drafts.
    await mkdir(published(), { recursive: true });
    server = await startStaffServer(leads.db, { now: () => clock }, undefined, {}, working(), { publishedContentDir: published() });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await leads?.close();
    await rm(root, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await truncateAll(leads.db);
    await truncateStaff(leads.db);
    // The approval setting outlives both (a staff setting): off, as on a new install.
    await savePublishApproval(leads.db, "off");
    clock = new Date("2026-12-10T02:00:00Z");
    for (const tree of [working(), published()]) await rm(tree, { recursive: true, force: true });
    await mkdir(join(working(), "faq"), { recursive: true });
    await writeFile(join(working(), "site.yaml"), "phone: +880 2 5555 0100\n");
    await writeFile(join(working(), "faq/moq.yaml"), "question: What is the MOQ?\nanswer: It depends.\n");
    ensurePublishedTree(working(), published());
    // The editor's drafts: a new phone number and a new FAQ answer.
    await writeFile(join(working(), "site.yaml"), "phone: +880 2 5555 0177\n");
    await writeFile(join(working(), "faq/moq.yaml"), "question: What is the MOQ?\nanswer: 300 pieces.\n");
  });

  const signedIn = async (role: "editor" | "admin" | "sales") => {
    await addTestAccount(leads.db, role);
    const browser = server.browser();
    await browser.signIn(`${role}@example.com`);
    return browser;
  };
  /** The page's hidden `seen` fields: each drafted entry's version as the page shows it. */
  const seenOn = (html: string): Array<[string, string]> => [...html.matchAll(/<input type="hidden" name="seen" value="([^"]+)"/g)].map((m) => ["seen", m[1]!]);
  /** Posts `fields` as a form (to the page itself, with the `seen` fields of the page as `browser` sees it now, as a browser would). */
  const post = async (browser: TestBrowser, path: string, fields: Array<[string, string]>, seen?: Array<[string, string]>) => {
    const shown = path === "/staff/publish" ? (seen ?? seenOn(await (await browser.request(path)).text())) : [];
    return browser.request(path, {
      method: "POST",
      body: new URLSearchParams([...fields, ...shown]).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: browser.origin },
    });
  };
  /** Posts the page's `action` with the entries `keys` ticked. */
  const act = (browser: TestBrowser, action: string, ...keys: string[]) =>
    post(browser, "/staff/publish", [...keys.map((key): [string, string] => ["entry", key]), ["do", action]]);
  /** Turns approvals on, approved by `approvers`. */
  const approvalBy = (browser: TestBrowser, approvers: string) =>
    post(browser, "/staff/publish/approval", [
      ["approval", "on"],
      ["approvers", approvers],
    ]);
  /** Schedules `entry` at `date` and `time` of the desk's zone. */
  const schedule = (browser: TestBrowser, entry: string, date: string, time: string) =>
    post(browser, "/staff/publish", [
      ["entry", entry],
      ["do", "schedule"],
      ["date", date],
      ["time", time],
    ]);
  const publishedPhone = () => readFile(join(published(), "site.yaml"), "utf8");

  it("lists the drafted entries and publishes the ticked one only; the other stays a draft", async () => {
    const editor = await signedIn("editor");
    const page = await (await editor.request("/staff/publish")).text();
    expect(page).toMatch(/<input type="checkbox" name="entry" value="singleton:site:" id="([^"]+)"[^>]*\/> <label for="\1">Site<\/label>/);
    expect(page).toContain('<label for="entry-collection-faq-moq">FAQ: moq</label>');
    expect(page).toContain("<code>content/faq/moq.yaml</code> (changed)");

    const done = await act(editor, "publish", "singleton:site:");
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("/staff/publish?published=1");
    expect(await publishedPhone()).toBe("phone: +880 2 5555 0177\n");
    expect(await readFile(join(published(), "faq/moq.yaml"), "utf8")).toContain("It depends.");
    const after = await (await editor.request("/staff/publish?published=1")).text();
    expect(after).toContain("Published 1 entry.");
    expect(after).not.toContain(">Site</label>");
    expect(after).toContain(">FAQ: moq</label>");
    const [revision] = await listRevisions(leads.db);
    expect(revision).toMatchObject({ action: "publish", entryKey: "site", actorName: "Editor Person" });
  });

  it("publishes all, and a restore of that publish from the history puts the public files back", async () => {
    const admin = await signedIn("admin");
    expect((await post(admin, "/staff/publish", [["do", "publish-all"]])).headers.get("location")).toBe("/staff/publish?published=2");
    expect(await (await admin.request("/staff/publish")).text()).toContain("Nothing to publish: the public site shows every saved change.");

    const [revision] = await listRevisions(leads.db);
    const page = await (await admin.request(`/staff/history/${revision!.id}`)).text();
    expect(page).toContain("files back as they were before this publish");
    const restored = await admin.post(`/staff/history/${revision!.id}/restore`, {});
    expect(restored.status).toBe(303);
    expect(await publishedPhone()).toBe("phone: +880 2 5555 0100\n");
    expect(await readFile(join(working(), "site.yaml"), "utf8")).toBe("phone: +880 2 5555 0177\n");
    expect((await listRevisions(leads.db))[0]).toMatchObject({ action: "publish", restoredFrom: revision!.id });
  });

  it("discards a ticked draft: the studio's copy is the published one again", async () => {
    const editor = await signedIn("editor");
    const done = await act(editor, "discard", "singleton:site:");
    expect(done.headers.get("location")).toBe("/staff/publish?notice=discarded");
    expect(await readFile(join(working(), "site.yaml"), "utf8")).toBe("phone: +880 2 5555 0100\n");
    expect((await listAudit(leads.db, { action: "content.discard" }))[0]).toMatchObject({ actorEmail: "editor@example.com", detail: { entries: ["Site"] } });
  });

  it("refuses a post with nothing ticked, or a schedule with a bad or past time, at the field, keeping what was typed", async () => {
    const editor = await signedIn("editor");
    const none = await post(editor, "/staff/publish", [["do", "publish"]]);
    expect(none.status).toBe(400);
    expect(await none.text()).toMatch(
      /<fieldset id="entries" class="drafted-entries" aria-invalid="true" aria-describedby="entries-error">[\s\S]*Tick at least one entry\./,
    );

    const badTime = await schedule(editor, "singleton:site:", "2026-12-10", "25:00");
    expect(badTime.status).toBe(400);
    const html = await badTime.text();
    expect(html).toContain('id="time-error"');
    expect(html).toContain('value="25:00"');
    expect(html).toMatch(/value="singleton:site:" id="[^"]+" checked/);

    // 07:59 in Dhaka is 01:59 UTC, before the desk's clock (02:00 UTC).
    const past = await schedule(editor, "singleton:site:", "2026-12-10", "07:59");
    expect(past.status).toBe(400);
    expect(await past.text()).toContain("Choose a time in the future.");
    expect(await openPublishRequests(leads.db)).toEqual([]);
  });

  it("schedules the ticked entries at a time of the desk's zone, and lists the waiting publish", async () => {
    const editor = await signedIn("editor");
    const done = await schedule(editor, "collection:faq:moq", "2026-12-10", "09:00");
    expect(done.headers.get("location")).toBe("/staff/publish?notice=scheduled");
    const [request] = await openPublishRequests(leads.db);
    expect(request).toMatchObject({ status: "scheduled", runAt: new Date("2026-12-10T03:00:00Z"), entries: [{ kind: "collection", key: "faq", slug: "moq" }] });
    const page = await (await editor.request("/staff/publish")).text();
    expect(page).toContain(`<strong>#${request!.id}</strong> FAQ: moq — 2026-12-10 09:00 (2026-12-10 03:00 UTC) — Scheduled — Asked by: Editor Person`);
    expect(page).toContain(`aria-label="Cancel publish #${request!.id}"`);
  });

  it("with approvals on, an editor's publish waits for an administrator, who approves it and it is published", async () => {
    const admin = await signedIn("admin");
    expect((await post(admin, "/staff/publish/approval", [["approval", "on"]])).headers.get("location")).toBe("/staff/publish?notice=approval-saved");
    const editor = await signedIn("editor");
    const asked = await act(editor, "publish", "singleton:site:");
    expect(asked.headers.get("location")).toBe("/staff/publish?notice=requested");
    expect(await publishedPhone()).toBe("phone: +880 2 5555 0100\n");
    const [request] = await openPublishRequests(leads.db);
    expect(request?.status).toBe("waiting-approval");
    // The editor sees no Approve button, and the approval route is an administrator's.
    expect(await (await editor.request("/staff/publish")).text()).not.toContain(`Approve publish #${request!.id}`);
    expect((await editor.post(`/staff/publish/requests/${request!.id}/approve`, {})).status).toBe(403);

    expect(await (await admin.request("/staff/publish")).text()).toContain(`aria-label="Approve publish #${request!.id}"`);
    const approved = await admin.post(`/staff/publish/requests/${request!.id}/approve`, {});
    expect(approved.headers.get("location")).toBe("/staff/publish?notice=approved");
    expect(await publishedPhone()).toBe("phone: +880 2 5555 0177\n");
    expect(await openPublishRequests(leads.db)).toEqual([]);
    expect((await listRevisions(leads.db))[0]).toMatchObject({ action: "publish", actorName: "Editor Person" });
  });

  it("shows each drafted entry's changes, published → draft, in a closed details with words marked, not colour alone", async () => {
    const editor = await signedIn("editor");
    const page = await (await editor.request("/staff/publish")).text();
    expect(page).toContain('<details class="draft-changes"><summary>What changes in Site</summary>');
    expect(page).toMatch(/<del><span class="visually-hidden">Before: <\/span>\+880 2 5555 0100<\/del>/);
    expect(page).toMatch(/<ins><span class="visually-hidden">After: <\/span>\+880 2 5555 0177<\/ins>/);
    expect(page).toContain("<summary>What changes in FAQ: moq</summary>");
    expect(page).toMatch(/<ins><span class="visually-hidden">After: <\/span>300 pieces\.<\/ins>/);
  });

  it("shows a drafted photo, served from the trees by its hash to editors only", async () => {
    const png = (tag: string) =>
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]), Buffer.from(tag)]);
    await mkdir(join(working(), "photos"), { recursive: true });
    await mkdir(join(working(), "media/gallery"), { recursive: true });
    await writeFile(join(working(), "photos/shirt.yaml"), "title: shirt\nphoto: shirt.png\n");
    await writeFile(join(working(), "media/gallery/shirt.png"), png("new"));
    const editor = await signedIn("editor");
    const page = await (await editor.request("/staff/publish")).text();
    const src = /<img src="(\/staff\/publish\/photos\/[0-9a-f]{64})" alt="Photo after: content\/media\/gallery\/shirt.png"/.exec(page)?.[1];
    expect(src).toBeDefined();
    const served = await editor.request(src!);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer()).equals(png("new"))).toBe(true);
    // A hash of no drafted file, or of a file that is no photo: 404.
    expect((await editor.request(`/staff/publish/photos/${"0".repeat(64)}`)).status).toBe(404);
    const sales = await signedIn("sales");
    expect((await sales.request(src!)).status).toBe(403);
  });

  it("says an entry names a new entry not yet published, and a publish of it alone is refused with the named entry ticked too", async () => {
    await mkdir(join(working(), "certificates"), { recursive: true });
    await mkdir(join(working(), "photos"), { recursive: true });
    await writeFile(join(working(), "certificates/oeko.yaml"), "name: oeko\n");
    await writeFile(join(working(), "photos/shirt.yaml"), "title: shirt\nrecord: oeko\n");
    const editor = await signedIn("editor");
    const page = await (await editor.request("/staff/publish")).text();
    expect(page).toContain(
      '<p class="hint" id="entry-collection-photos-shirt-needs"><strong>Names Certificates: oeko, not yet published: publish them together, or the public site&#39;s build fails.</strong></p>',
    );
    expect(page).toContain('aria-describedby="entry-collection-photos-shirt-needs entry-collection-photos-shirt-files"');

    const refused = await act(editor, "publish", "collection:photos:shirt");
    expect(refused.status).toBe(409);
    const html = await refused.text();
    expect(html).toContain("Photos: shirt names Certificates: oeko, not yet published: alone it would fail the public site&#39;s build.");
    expect(html).toMatch(/value="collection:certificates:oeko" id="entry-collection-certificates-oeko" checked=""/);
    expect(existsSync(join(published(), "photos/shirt.yaml"))).toBe(false);
    // Publishing again as the page now stands (both ticked) publishes both.
    const ticked = [...html.matchAll(/name="entry" value="([^"]+)" id="[^"]+" checked=""/g)].map((m): [string, string] => ["entry", m[1]!]);
    expect(ticked).toEqual([
      ["entry", "collection:certificates:oeko"],
      ["entry", "collection:photos:shirt"],
    ]);
    expect((await post(editor, "/staff/publish", [...ticked, ["do", "publish"]])).headers.get("location")).toBe("/staff/publish?published=2");
    expect(existsSync(join(published(), "certificates/oeko.yaml"))).toBe(true);
  });

  it("refuses to publish or discard an entry that changed after the page showed it (409), names it at the entry and shows it as it is now; nothing is lost", async () => {
    const editor = await signedIn("editor");
    const shown = seenOn(await (await editor.request("/staff/publish")).text());
    // Meanwhile a save (or a restore) changes the draft.
    await writeFile(join(working(), "site.yaml"), "phone: +880 2 5555 0199\n");
    for (const action of ["publish", "discard"]) {
      const refused = await post(
        editor,
        "/staff/publish",
        [
          ["entry", "singleton:site:"],
          ["do", action],
        ],
        shown,
      );
      expect(refused.status).toBe(409);
      const html = await refused.text();
      expect(html).toContain("Site changed after this page showed it");
      expect(html).toMatch(
        /id="entry-singleton-site-" checked="" aria-invalid="true" aria-describedby="entry-singleton-site--error entry-singleton-site--files"/,
      );
      expect(html).toContain('<details class="draft-changes" open=""><summary>What changes in Site</summary>');
      expect(html).toContain("+880 2 5555 0199");
    }
    expect(await publishedPhone()).toBe("phone: +880 2 5555 0100\n");
    expect(await readFile(join(working(), "site.yaml"), "utf8")).toBe("phone: +880 2 5555 0199\n");
    expect(await listRevisions(leads.db)).toEqual([]);

    // Publish all refuses a draft the page did not list (here: a new FAQ entry saved meanwhile).
    const before = seenOn(await (await editor.request("/staff/publish")).text());
    await writeFile(join(working(), "faq/lead-time.yaml"), "question: Lead time?\nanswer: 60 days.\n");
    const all = await post(editor, "/staff/publish", [["do", "publish-all"]], before);
    expect(all.status).toBe(409);
    expect(await all.text()).toContain("FAQ: lead-time changed after this page showed it");
    expect(existsSync(join(published(), "faq/lead-time.yaml"))).toBe(false);
    // With the page as it is now, the publish goes through.
    expect((await post(editor, "/staff/publish", [["do", "publish-all"]])).headers.get("location")).toBe("/staff/publish?published=3");
  });

  it("with approvals by editors, another editor approves an editor's publish; the requester cannot", async () => {
    const admin = await signedIn("admin");
    const saved = await approvalBy(admin, "editors");
    expect(saved.headers.get("location")).toBe("/staff/publish?notice=approval-saved");
    expect((await listAudit(leads.db, { action: "settings.publish-approval" }))[0]).toMatchObject({ detail: { on: true, approvers: "editors" } });
    expect(await (await admin.request("/staff/publish")).text()).toMatch(/<input type="radio" id="approvers-editors" name="approvers" value="editors" checked/);

    const editor = await signedIn("editor");
    await act(editor, "publish", "singleton:site:");
    const [request] = await openPublishRequests(leads.db);
    expect(request?.status).toBe("waiting-approval");
    expect(await (await editor.request("/staff/publish")).text()).not.toContain(`Approve publish #${request!.id}`);
    const own = await editor.post(`/staff/publish/requests/${request!.id}/approve`, {});
    expect(own.status).toBe(403);
    expect(await own.text()).toContain("You asked for this publish: someone else approves it.");

    await addTestAccount(leads.db, "editor", "second-editor@example.com");
    const second = server.browser();
    await second.signIn("second-editor@example.com");
    expect(await (await second.request("/staff/publish")).text()).toContain(`aria-label="Approve publish #${request!.id}"`);
    expect((await second.post(`/staff/publish/requests/${request!.id}/approve`, {})).headers.get("location")).toBe("/staff/publish?notice=approved");
    expect(await publishedPhone()).toBe("phone: +880 2 5555 0177\n");
    expect((await listAudit(leads.db, { action: "content.publish-approve" }))[0]).toMatchObject({ actorEmail: "second-editor@example.com" });

    // Back to administrators: an editor's approval is refused by the statement, 403.
    await approvalBy(admin, "admins");
    await act(editor, "publish", "collection:faq:moq");
    const [next] = await openPublishRequests(leads.db);
    const refused = await second.post(`/staff/publish/requests/${next!.id}/approve`, {});
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Only those the approval setting names approve a publish");
    expect(await readFile(join(published(), "faq/moq.yaml"), "utf8")).toContain("It depends.");
  });

  it("refuses an approval setting naming no one it knows, at the field (400)", async () => {
    const admin = await signedIn("admin");
    const bad = await approvalBy(admin, "everyone");
    expect(bad.status).toBe(400);
    expect(await bad.text()).toMatch(/<fieldset id="approvers" aria-invalid="true" aria-describedby="approvers-error">[\s\S]*Choose who approves\./);
  });

  it("a restore over an entry with a draft says so and asks to confirm; the draft replaced stays in the history", async () => {
    const editor = await signedIn("editor");
    // A discard of the FAQ draft is a revision of the working copy ("300 pieces" → "It depends.").
    await act(editor, "discard", "collection:faq:moq");
    const [discard] = await listRevisions(leads.db);
    // Then a new draft of the entry ("250 pieces"), saved after it.
    await writeFile(join(working(), "faq/moq.yaml"), "question: What is the MOQ?\nanswer: 250 pieces.\n");

    const page = await (await editor.request(`/staff/history/${discard!.id}`)).text();
    expect(page).toContain("FAQ: moq has unpublished changes (a draft) that this restore replaces.");
    expect(page).toContain(">Saves of FAQ: moq</a>");
    expect(page).toContain("Restore this version over the draft");
    const confirmed = /<input type="hidden" name="drafts" value="([^"]+)"/.exec(page)![1]!;

    // A post without the confirmation the page carries (a page opened before the draft) is refused.
    const unconfirmed = await editor.post(`/staff/history/${discard!.id}/restore`, {});
    expect(unconfirmed.status).toBe(409);
    expect(await unconfirmed.text()).toContain("Nothing was restored: FAQ: moq has a draft this page did not show");
    expect(await readFile(join(working(), "faq/moq.yaml"), "utf8")).toContain("250 pieces.");

    const restored = await editor.post(`/staff/history/${discard!.id}/restore`, { drafts: confirmed });
    expect(restored.status).toBe(303);
    expect(await readFile(join(working(), "faq/moq.yaml"), "utf8")).toContain("300 pieces.");
    // The draft it replaced is the "before" of the restore's own revision: restoring that brings it back.
    const [restore] = await listRevisions(leads.db);
    expect(restore).toMatchObject({ restoredFrom: discard!.id });
    const again = await (await editor.request(`/staff/history/${restore!.id}`)).text();
    expect(again).toContain("250 pieces.");
  });

  it("gives sales 403 and a stranger the sign-in, with no word of a draft", async () => {
    const sales = await signedIn("sales");
    const refused = await sales.request("/staff/publish");
    expect(refused.status).toBe(403);
    expect(await refused.text()).not.toContain("FAQ");
    expect((await post(sales, "/staff/publish", [["do", "publish-all"]])).status).toBe(403);
    const stranger = await server.browser().request("/staff/publish");
    expect(stranger.status).toBe(303);
    expect(existsSync(join(published(), "faq/moq.yaml"))).toBe(true);
    expect(await publishedPhone()).toBe("phone: +880 2 5555 0100\n");
  });
});

describe("a server started without the published tree", () => {
  it("has no drafts: Changes to publish says a save is published at once, and takes no post", async () => {
    const leads = await openTestDatabase("PGlite");
    const root = await mkdtemp(join(tmpdir(), "ssl-no-published-"));
    const server = await startStaffServer(leads.db, {}, undefined, {}, undefined, { publishedContentDir: join(root, "published", "content") });
    try {
      await addTestAccount(leads.db, "editor");
      const editor = server.browser();
      await editor.signIn("editor@example.com");
      const page = await editor.request("/staff/publish");
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("This server has no drafts: a save in the content studio is published at once.");
      expect((await editor.post("/staff/publish", { do: "publish-all" })).status).toBe(405);
    } finally {
      await server.close();
      await leads.close();
      await rm(root, { recursive: true, force: true });
    }
  });
});

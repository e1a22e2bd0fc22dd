import { createHash } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { aboveTheStore, drivers, freshPostgresUrl, onBothDrivers, openTestDatabase } from "../../test-support/databases";
import { addTestAccount, startStaffServer, type TestBrowser } from "../../test-support/staff";
import { staffSuite } from "../../test-support/staff-suite";
import { openLeadsDatabase, rows, type LeadsDatabase } from "../db/db";
import { deleteRevisionsBefore, keepContentBlobsIn, listRevisions, readRevision } from "../leads/content-history";
import { LeadFiles } from "../leads/files";
import type { ObjectStorage } from "../platform/object-storage";
import { peakLiveBuffersDuring } from "../../test-support/memory";
import { objectBytes, pullCountedStorage, testBucketPerBlock, type TestBucket } from "../../test-support/object-storage";
import { listAudit } from "../staff/audit";
import { gitBlobSha } from "./content-saves";

// Decisions 0093–0096: every studio save is a revision (who, when, which entry, files before and after) with
// its audit entry; the desk shows the history and a save's diff to editors and admins; Restore
// writes the earlier files back through the same save.

/** A PNG's first bytes (what the studio's photo check reads), then `tag` so two photos differ. */
const png = (tag: string) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]), Buffer.from(tag)]);

/** A 40 MB photo (generated: no such file in the fixtures), its size and SHA-256. */
const largePhoto = () => {
  const size = 40 * 1024 * 1024;
  const large = Buffer.alloc(size, 5);
  png("large").copy(large);
  return { size, large, largeSha: createHash("sha256").update(large).digest("hex") };
};

type Change = { path: string; contents?: string | Buffer };

/** Keystatic's save as the studio sends it: additions (base64url) and deletions. */
const saveRequest = (origin: string, changes: Change[]): RequestInit => ({
  method: "POST",
  headers: { "no-cors": "1", "content-type": "application/json", origin },
  body: JSON.stringify({
    additions: changes.filter((c) => c.contents !== undefined).map((c) => ({ path: c.path, contents: Buffer.from(c.contents!).toString("base64url") })),
    deletions: changes.filter((c) => c.contents === undefined).map((c) => ({ path: c.path })),
  }),
});

describe.each(drivers)("content history on %s", (driver) => {
  // The history's own SQL (server/leads/content-history.ts: a save, saves at once, a failed write, retention) on both;
  // the pages and restores on PGlite (decision 0143).
  const it = aboveTheStore(driver);
  const suite = staffSuite(driver);
  const { leads, server } = suite;
  const file = (path: string) => join(server.contentDir, path);
  const read = (path: string) => readFile(file(path), "utf8");
  const save = (browser: TestBrowser, changes: Change[]) => browser.request("/api/keystatic/update", saveRequest(server.url, changes));
  const signedIn = (role: "editor" | "admin" | "sales" | "hr") => suite.signedIn(role, { forwardedFor: "203.0.113.9" });

  beforeEach(async () => {
    for (const folder of ["faq", "photos", "media"]) await rm(file(folder), { recursive: true, force: true });
    await mkdir(file("faq"), { recursive: true });
    await writeFile(file("site.yaml"), "phone: +880 2 5555 0100\n");
    await writeFile(file("faq/moq.yaml"), "question: What is the MOQ?\nanswer: It depends.\n");
  });

  onBothDrivers("records an editor's save with her name, the entry and the diff; the audit log links the save to it", async () => {
    const editor = await signedIn("editor");
    expect((await save(editor, [{ path: "content/site.yaml", contents: "phone: +880 2 5555 0177\n" }])).status).toBe(200);
    expect(await read("site.yaml")).toBe("phone: +880 2 5555 0177\n");

    const history = await editor.request("/staff/history");
    expect(history.status).toBe(200);
    const list = await history.text();
    expect(list).toContain("Editor Person");
    expect(list).toContain(">Site</a>");
    expect(list).toContain("Changed");
    const [revision] = await listRevisions(leads.db);
    expect(revision).toMatchObject({
      actorName: "Editor Person",
      actorEmail: "editor@example.com",
      entryKind: "singleton",
      entryKey: "site",
      entrySlug: "",
      action: "update",
    });

    const page = await (await editor.request(`/staff/history/${revision!.id}`)).text();
    expect(page).toContain("content/site.yaml");
    // The field by its studio label, before → after (decision 0150).
    expect(page).toMatch(/<li>Phone: <del>.*\+880 2 5555 0100<\/del>.*→.*<ins>.*\+880 2 5555 0177<\/ins><\/li>/);
    expect(page).toContain("Restore this version");

    const audit = await listAudit(leads.db, { action: "content.save" });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorEmail: "editor@example.com", target: `revision:${revision!.id}` });
    const admin = await suite.signedIn("admin");
    expect(await (await admin.request("/staff/audit?action=content.")).text()).toContain(
      `<a href="/staff/history/${revision!.id}">revision:${revision!.id}</a>`,
    );
  });

  it("names this machine before the first account exists", async () => {
    expect((await save(server.browser(), [{ path: "content/site.yaml", contents: "phone: +880 2 5555 0111\n" }])).status).toBe(200);
    const [revision] = await listRevisions(leads.db);
    expect(revision).toMatchObject({ actorName: "this machine", actorId: null });
  });

  it("gives sales and HR 403 on the history, a save's page and Restore", async () => {
    const editor = await signedIn("editor");
    await save(editor, [{ path: "content/site.yaml", contents: "phone: +880 2 5555 0177\n" }]);
    const [revision] = await listRevisions(leads.db);
    for (const role of ["sales", "hr"] as const) {
      const browser = await signedIn(role);
      expect((await browser.request("/staff/history")).status).toBe(403);
      expect((await browser.request(`/staff/history/${revision!.id}`)).status).toBe(403);
      expect((await browser.post(`/staff/history/${revision!.id}/restore`, {})).status).toBe(403);
    }
    expect(await read("site.yaml")).toBe("phone: +880 2 5555 0177\n");
  });

  it("restores the version before a save as a new save, in the history and the audit log", async () => {
    const editor = await signedIn("editor");
    await save(editor, [{ path: "content/site.yaml", contents: "phone: +880 2 5555 0177\n" }]);
    const [changed] = await listRevisions(leads.db);
    const admin = await signedIn("admin");
    const restored = await admin.post(`/staff/history/${changed!.id}/restore`, {});
    expect(restored.status).toBe(303);
    expect(await read("site.yaml")).toBe("phone: +880 2 5555 0100\n");
    const [restore, first] = await listRevisions(leads.db);
    expect(first!.id).toBe(changed!.id);
    expect(restore).toMatchObject({ action: "restore", restoredFrom: changed!.id, actorName: "Admin Person" });
    expect(restored.headers.get("location")).toBe(`/staff/history/${restore!.id}?notice=restored`);
    expect(await (await admin.request(restored.headers.get("location")!)).text()).toContain("Restored. The site republishes with it");
    expect((await listAudit(leads.db, { action: "content.restore" }))[0]).toMatchObject({ actorEmail: "admin@example.com", target: `revision:${restore!.id}` });
    // The entry's own history lists both, newest first.
    const entryPage = await (await admin.request("/staff/history?type=singleton%3Asite")).text();
    expect(entryPage).toContain("History of Site");
    expect(entryPage.indexOf(`/staff/history/${restore!.id}"`)).toBeLessThan(entryPage.indexOf(`/staff/history/${changed!.id}"`));
  });

  it("refuses a studio save over a change its editor was never shown (another save, a restore, a discard), writing nothing; a save of the version shown goes through (decision 0159)", async () => {
    const editor = await signedIn("editor");
    // What the studio read: Keystatic's tree, each file by Git's blob hash.
    const tree = (await (await editor.request("/api/keystatic/tree", { headers: { "no-cors": "1" } })).json()) as Array<{ path: string; sha?: string }>;
    const shown = tree.find((entry) => entry.path === "content/site.yaml")!.sha!;
    expect(shown).toBe(gitBlobSha(Buffer.from("phone: +880 2 5555 0100\n")));
    // Meanwhile another member saves the entry (a restore or a discard writes it the same way).
    const admin = await signedIn("admin");
    await save(admin, [{ path: "content/site.yaml", contents: "phone: +880 2 5555 0155\n" }]);

    const stale = await editor.request("/api/keystatic/update", {
      ...saveRequest(server.url, [{ path: "content/site.yaml", contents: "phone: +880 2 5555 0177\n" }]),
      headers: { "no-cors": "1", "content-type": "application/json", origin: server.url, "x-studio-seen": JSON.stringify({ "content/site.yaml": shown }) },
    });
    expect(stale.status).toBe(409);
    expect(await stale.text()).toMatch(/^Site changed after the studio showed it to you .* Nothing was saved: your changes are still on screen\./);
    expect(await read("site.yaml")).toBe("phone: +880 2 5555 0155\n");
    expect(await listRevisions(leads.db)).toHaveLength(1);

    const current = gitBlobSha(Buffer.from("phone: +880 2 5555 0155\n"));
    const fresh = await editor.request("/api/keystatic/update", {
      ...saveRequest(server.url, [{ path: "content/site.yaml", contents: "phone: +880 2 5555 0177\n" }]),
      headers: { "no-cors": "1", "content-type": "application/json", origin: server.url, "x-studio-seen": JSON.stringify({ "content/site.yaml": current }) },
    });
    expect(fresh.status).toBe(200);
    expect(await read("site.yaml")).toBe("phone: +880 2 5555 0177\n");

    const garbled = await editor.request("/api/keystatic/update", {
      ...saveRequest(server.url, [{ path: "content/site.yaml", contents: "phone: +880 2 5555 0188\n" }]),
      headers: { "no-cors": "1", "content-type": "application/json", origin: server.url, "x-studio-seen": "not json" },
    });
    expect(garbled.status).toBe(400);
    expect(await garbled.text()).toContain("reload the studio. Nothing was saved.");
    expect(await read("site.yaml")).toBe("phone: +880 2 5555 0177\n");
  });

  it("brings a deleted entry back with its photo", async () => {
    const editor = await signedIn("editor");
    const photo = png("first");
    expect(
      (
        await save(editor, [
          { path: "content/photos/shirt.yaml", contents: "title: shirt\nphoto: /media/gallery/shirt/photo.png\n" },
          { path: "content/media/gallery/shirt/photo.png", contents: photo },
        ])
      ).status,
    ).toBe(200);
    expect((await save(editor, [{ path: "content/photos/shirt.yaml" }, { path: "content/media/gallery/shirt/photo.png" }])).status).toBe(200);
    expect(existsSync(file("photos/shirt.yaml"))).toBe(false);
    const [deleted, created] = await listRevisions(leads.db);
    expect(created).toMatchObject({ action: "create", entryKey: "photos", entrySlug: "shirt", fileCount: 2 });
    expect(deleted).toMatchObject({ action: "delete", entryKey: "photos", entrySlug: "shirt", fileCount: 2 });
    const page = await (await editor.request(`/staff/history/${deleted!.id}`)).text();
    const thumbnail = /<img src="(\/staff\/history\/photos\/[0-9a-f]{64})" alt="Photo before: content\/media\/gallery\/shirt\/photo.png"/.exec(page);
    expect(thumbnail).not.toBeNull();
    const served = await editor.request(thumbnail![1]!);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer()).equals(photo)).toBe(true);

    expect((await editor.post(`/staff/history/${deleted!.id}/restore`, {})).status).toBe(303);
    expect(await read("photos/shirt.yaml")).toBe("title: shirt\nphoto: /media/gallery/shirt/photo.png\n");
    expect((await readFile(file("media/gallery/shirt/photo.png"))).equals(photo)).toBe(true);
  });

  it("restores a replaced photo's first bytes", async () => {
    const editor = await signedIn("editor");
    const first = png("first");
    await save(editor, [
      { path: "content/photos/shirt.yaml", contents: "title: shirt\nphoto: /media/gallery/shirt/photo.png\n" },
      { path: "content/media/gallery/shirt/photo.png", contents: first },
    ]);
    await save(editor, [{ path: "content/media/gallery/shirt/photo.png", contents: png("second") }]);
    const [replaced] = await listRevisions(leads.db);
    expect(replaced).toMatchObject({ action: "upload", entryKind: "files" });
    expect((await editor.post(`/staff/history/${replaced!.id}/restore`, {})).status).toBe(303);
    expect((await readFile(file("media/gallery/shirt/photo.png"))).equals(first)).toBe(true);
  });

  onBothDrivers(
    "restores a photo by its hash: copied from the history into its file and checked, the restore's revision naming the kept photo; bytes kept that are not that photo refused, nothing written",
    async () => {
      const editor = await signedIn("editor");
      const photoPath = "content/media/gallery/shirt/photo.png";
      const first = png("first");
      const firstSha = createHash("sha256").update(first).digest("hex");
      const second = png("second");
      await save(editor, [
        { path: "content/photos/shirt.yaml", contents: "title: shirt\nphoto: /media/gallery/shirt/photo.png\n" },
        { path: photoPath, contents: first },
      ]);
      await save(editor, [{ path: photoPath, contents: second }]);
      const [replaced] = await listRevisions(leads.db);

      // The kept bytes altered behind the history's back: the copy's hash differs, and nothing is written or recorded.
      await leads.db.execute(sql`update content_blobs set bytes = ${png("not the first")}::bytea where sha256 = ${firstSha}`);
      const refused = await editor.post(`/staff/history/${replaced!.id}/restore`, {});
      expect(refused.status).toBe(422);
      expect(await refused.text()).toContain(
        "This version cannot be restored: the bytes kept for content/media/gallery/shirt/photo.png are not the photo that was saved (their SHA-256 differs). Nothing was written.",
      );
      expect((await readFile(file("media/gallery/shirt/photo.png"))).equals(second)).toBe(true);
      expect(readdirSync(file("media/gallery/shirt"))).toEqual(["photo.png"]);
      expect(await listRevisions(leads.db)).toHaveLength(2);
      expect(await listAudit(leads.db, { action: "content.restore" })).toEqual([]);

      await leads.db.execute(sql`update content_blobs set bytes = ${first}::bytea where sha256 = ${firstSha}`);
      expect((await editor.post(`/staff/history/${replaced!.id}/restore`, {})).status).toBe(303);
      expect((await readFile(file("media/gallery/shirt/photo.png"))).equals(first)).toBe(true);
      const [restore] = await listRevisions(leads.db);
      expect(restore).toMatchObject({ action: "restore", restoredFrom: replaced!.id });
      expect((await readRevision(leads.db, restore!.id))!.files).toEqual([
        expect.objectContaining({ path: photoPath, beforeBlob: createHash("sha256").update(second).digest("hex"), afterBlob: firstSha, afterText: null }),
      ]);
      // Named by its hash: the photo kept once, not stored again.
      const blobs = await rows<{ count: number | string }>(leads.db, sql`select count(*) as count from content_blobs`);
      expect(Number(blobs[0]!.count)).toBe(2);
      expect(await listAudit(leads.db, { action: "content.restore" })).toHaveLength(1);
    },
  );

  it("refuses a restore the current schema refuses, says why and writes nothing", async () => {
    // A version without the required phone (written by hand before the history began).
    await writeFile(file("site.yaml"), "phone: ''\n");
    const editor = await signedIn("editor");
    await save(editor, [{ path: "content/site.yaml", contents: "phone: +880 2 5555 0177\n" }]);
    const [revision] = await listRevisions(leads.db);
    const refused = await editor.post(`/staff/history/${revision!.id}/restore`, {});
    expect(refused.status).toBe(422);
    const html = await refused.text();
    expect(html).toContain("This version cannot be restored: the current content types refuse it (phone:");
    expect(html).toContain("Nothing was written.");
    expect(await read("site.yaml")).toBe("phone: +880 2 5555 0177\n");
    expect(await listRevisions(leads.db)).toHaveLength(1);
  });

  it("refuses a save the schema refuses, as a restore would: 422 naming the field, no file, no revision, no audit entry; a valid save still goes through", async () => {
    const editor = await signedIn("editor");
    const emptied = await save(editor, [{ path: "content/site.yaml", contents: "phone: ''\n" }]);
    expect(emptied.status).toBe(422);
    expect(await emptied.text()).toMatch(/^Site cannot be saved: its content type refuses it \(phone: .+\)\. Nothing was saved\.$/);
    expect(await read("site.yaml")).toBe("phone: +880 2 5555 0100\n");
    // A new entry with a field of the wrong kind is not created, nor its photo beside it.
    const created = await save(editor, [
      { path: "content/photos/shirt.yaml", contents: "title: shirt\nphoto: [1, 2]\n" },
      { path: "content/media/gallery/shirt/photo.png", contents: png("first") },
    ]);
    expect(created.status).toBe(422);
    expect(await created.text()).toContain("Photos: shirt cannot be saved: its content type refuses it (photo: ");
    expect(existsSync(file("photos/shirt.yaml"))).toBe(false);
    expect(existsSync(file("media/gallery/shirt/photo.png"))).toBe(false);
    expect(await listRevisions(leads.db)).toEqual([]);
    expect(await listAudit(leads.db, { action: "content.save" })).toEqual([]);

    expect((await save(editor, [{ path: "content/site.yaml", contents: "phone: +880 2 5555 0177\n" }])).status).toBe(200);
    expect(await read("site.yaml")).toBe("phone: +880 2 5555 0177\n");
    expect(await listRevisions(leads.db)).toHaveLength(1);
    expect(await listAudit(leads.db, { action: "content.save" })).toHaveLength(1);
  });

  onBothDrivers(
    "records a replaced photo by its hash, streamed: never held whole by a restore or a save, kept once (decision 0185)",
    { timeout: 180_000 },
    async () => {
      const editor = await signedIn("editor");
      const photoPath = "content/media/gallery/shirt/photo.png";
      const small = (tag: string) => ({ path: photoPath, contents: png(tag) });
      await save(editor, [{ path: "content/photos/shirt.yaml", contents: "title: shirt\nphoto: /media/gallery/shirt/photo.png\n" }, small("first")]);
      expect((await save(editor, [small("second")])).status).toBe(200);
      const [replaced] = await listRevisions(leads.db);
      // A 40 MB photo put in the working copy by hand (as one from the checkout): the history does not keep it.
      const { size, large, largeSha } = largePhoto();
      await writeFile(file("media/gallery/shirt/photo.png"), large);

      // The restore replaces it: the photo is kept from the file in chunks, never whole here.
      let restored: Response | undefined;
      const restoreHeld = await peakLiveBuffersDuring(async () => (restored = await editor.post(`/staff/history/${replaced!.id}/restore`, {})), 500);
      expect(restored!.status).toBe(303);
      expect((await readFile(file("media/gallery/shirt/photo.png"))).equals(png("first"))).toBe(true);
      const [restore] = await listRevisions(leads.db);
      expect((await readRevision(leads.db, restore!.id))!.files).toEqual([expect.objectContaining({ path: photoPath, beforeBlob: largeSha })]);
      const kept = await rows<{ size: number; sha256: string; hashed: string }>(
        leads.db,
        sql`select size, sha256, encode(sha256(bytes), 'hex') as hashed from content_blobs where sha256 not in (select after_blob from content_revision_files where after_blob is not null)`,
      );
      expect(kept).toEqual([{ size, sha256: largeSha, hashed: largeSha }]);

      // Back by hand, then a save replaces it: kept already, so only hashed as a stream, neither read whole nor sent again.
      await writeFile(file("media/gallery/shirt/photo.png"), large);
      let saved: Response | undefined;
      const saveHeld = await peakLiveBuffersDuring(async () => (saved = await save(editor, [small("third")])), 500);
      expect(saved!.status).toBe(200);
      const [last] = await listRevisions(leads.db);
      expect((await readRevision(leads.db, last!.id))!.files).toEqual([expect.objectContaining({ path: photoPath, beforeBlob: largeSha })]);
      const blobs = await rows<{ count: number | string }>(leads.db, sql`select count(*) as count from content_blobs`);
      expect(Number(blobs[0]!.count)).toBe(4);
      // Read whole, the photo alone would be held (40 MB), and again as the statement's parameter.
      // On PGlite the database is in this process: the join of the chunks into the photo's row goes
      // through its WebAssembly memory, an ArrayBuffer too (decision 0185's Consequences), so the
      // restore that keeps a new photo in rows is measured where the database is a server of its own.
      if (driver === "PostgreSQL") expect(restoreHeld, "held by the restore").toBeLessThan(size / 2);
      expect(saveHeld, "held by the save").toBeLessThan(size / 2);
    },
  );

  onBothDrivers("keeps two saves of one entry at once as two revisions in order", async () => {
    const editor = await signedIn("editor");
    const [a, b] = await Promise.all([
      save(editor, [{ path: "content/site.yaml", contents: "phone: +880 2 5555 0001\n" }]),
      save(editor, [{ path: "content/site.yaml", contents: "phone: +880 2 5555 0002\n" }]),
    ]);
    expect([a!.status, b!.status]).toEqual([200, 200]);
    const [second, first] = await listRevisions(leads.db);
    const files = async (id: number) => (await readRevision(leads.db, id))!.files[0]!;
    expect((await files(first!.id)).beforeText).toBe("phone: +880 2 5555 0100\n");
    expect((await files(second!.id)).beforeText).toBe((await files(first!.id)).afterText);
    expect(await read("site.yaml")).toBe((await files(second!.id)).afterText);
  });

  onBothDrivers("refuses a save whose revision cannot be stored, and writes nothing", async () => {
    const editor = await signedIn("editor");
    await leads.db.execute(sql`alter table content_revisions rename to content_revisions_away`);
    try {
      const refused = await save(editor, [{ path: "content/site.yaml", contents: "phone: +880 2 5555 0199\n" }]);
      expect(refused.status).toBe(503);
      expect(await refused.text()).toContain("Nothing was saved");
    } finally {
      await leads.db.execute(sql`alter table content_revisions_away rename to content_revisions`);
    }
    expect(await read("site.yaml")).toBe("phone: +880 2 5555 0100\n");
  });

  onBothDrivers("retention removes revisions older than the period, never an entry's newest, and the photos no revision needs", async () => {
    const editor = await signedIn("editor");
    await save(editor, [{ path: "content/site.yaml", contents: "phone: +880 2 5555 0001\n" }]);
    await save(editor, [{ path: "content/site.yaml", contents: "phone: +880 2 5555 0002\n" }]);
    await save(editor, [
      { path: "content/photos/shirt.yaml", contents: "title: shirt\nphoto: /media/gallery/shirt/photo.png\n" },
      { path: "content/media/gallery/shirt/photo.png", contents: png("first") },
    ]);
    await save(editor, [{ path: "content/media/gallery/shirt/photo.png", contents: png("second") }]);
    // Every save is two years old: the newest of each entry stays.
    await leads.db.execute(sql`update content_revisions set at = now() - interval '730 days'`);
    const removed = await deleteRevisionsBefore(leads.db, new Date(Date.now() - 365 * 86_400_000));
    expect(removed.revisions).toBe(1);
    // Written first (decision 0177): the snapshot of the working copy as the history says.
    const left = await listRevisions(leads.db);
    expect(left.map((r) => `${r.entryKey}:${r.action}`)).toEqual(["snapshot:upload", "media:upload", "photos:create", "site:update"]);
    expect(removed.snapshots).toEqual([left[0]!.id]);
    expect((await readRevision(leads.db, left[3]!.id))!.files[0]!.afterText).toBe("phone: +880 2 5555 0002\n");
    const blobs = await rows<{ count: number | string }>(leads.db, sql`select count(*) as count from content_blobs`);
    expect(Number(blobs[0]!.count)).toBe(2);
  });
});

// Two servers writing one content folder on one database (two `npm start` behind one proxy on
// PostgreSQL; on PGlite, one process's database, two apps in it): saves of one entry reaching both at
// once are still one at a time, each revision's "before" the one before it's "after" (decision 0127).
describe.each(drivers)("content history with two instances on one %s database", (driver) => {
  let databases: LeadsDatabase[];
  let servers: Array<Awaited<ReturnType<typeof startStaffServer>>>;

  beforeAll(async () => {
    if (driver === "PGlite") {
      const one = await openTestDatabase("PGlite");
      databases = [one, one];
    } else {
      const url = await freshPostgresUrl();
      databases = [await openLeadsDatabase({ databaseUrl: url }), await openLeadsDatabase({ databaseUrl: url })];
    }
    const first = await startStaffServer(databases[0]!.db);
    servers = [first, await startStaffServer(databases[1]!.db, {}, undefined, {}, first.contentDir)];
  }, 120_000);
  afterAll(async () => {
    for (const server of [...(servers ?? [])].reverse()) await server.close();
    for (const database of new Set(databases ?? [])) await database.close();
  });

  it("keeps saves of one entry reaching both instances at once as revisions in order, each one's before the last one's after", async () => {
    const db = databases[0]!.db;
    await addTestAccount(db, "editor");
    const editors = await Promise.all(
      servers.map(async (server) => {
        const browser = server.browser();
        await browser.signIn("editor@example.com");
        return browser;
      }),
    );
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all(
        editors.map((editor, i) =>
          editor.request("/api/keystatic/update", saveRequest(servers[i]!.url, [{ path: "content/site.yaml", contents: `phone: +880 2 7777 ${round}${i}\n` }])),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    }
    const revisions = (await listRevisions(db)).reverse();
    expect(revisions).toHaveLength(10);
    let current = "phone: +880 2 5555 0100\n";
    for (const revision of revisions) {
      const [file] = (await readRevision(db, revision.id))!.files;
      expect(file!.beforeText).toBe(current);
      current = file!.afterText!;
    }
    expect(await readFile(join(servers[0]!.contentDir, "site.yaml"), "utf8")).toBe(current);
  });
});

describe("content history in GitHub mode", () => {
  const { signedIn } = staffSuite("PGlite", { studioStorage: { storage: { kind: "github", repo: { owner: "acme", name: "ssl-website" } } } });

  it("says saves are commits in the repository and links to its commit history, with no history of its own", async () => {
    const editor = await signedIn("editor");
    const page = await editor.request("/staff/history");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("every save is a commit there");
    expect(html).toContain('<a href="https://github.com/acme/ssl-website/commits" target="_blank" rel="noopener noreferrer">');
    expect(html).not.toContain("Saves, newest first");
  });
});

describe.each(["PGlite"] as const)("content history's photos in the bucket, on %s", (driver) => {
  // Decision 0161, "Refined: the content photos' originals": the desk's thumbnail and a restore read a
  // photo kept in the bucket; the bucket down, they answer 503 and write nothing.
  const suite = staffSuite(driver);
  const { leads, server } = suite;
  const file = (path: string) => join(server.contentDir, path);
  let bucket: TestBucket;
  let storage: ObjectStorage;
  testBucketPerBlock((started) => ({ bucket, storage } = started));
  beforeEach(async () => {
    keepContentBlobsIn(leads.db, new LeadFiles(storage));
    for (const folder of ["photos", "media"]) await rm(file(folder), { recursive: true, force: true });
  });

  it("shows and restores a photo kept in the bucket; the bucket down, the thumbnail and the restore answer 503 and nothing is written", async () => {
    const editor = await suite.signedIn("editor", { forwardedFor: "203.0.113.9" });
    const photo = png("in the bucket");
    const entry = "content/photos/shirt.yaml";
    const photoPath = "content/media/gallery/shirt/photo.png";
    const save = (changes: Change[]) => editor.request("/api/keystatic/update", saveRequest(server.url, changes));
    expect(
      (
        await save([
          { path: entry, contents: "title: shirt\nphoto: /media/gallery/shirt/photo.png\n" },
          { path: photoPath, contents: photo },
        ])
      ).status,
    ).toBe(200);
    expect((await save([{ path: entry }, { path: photoPath }])).status).toBe(200);
    const [blob] = await rows<{ bytes: Uint8Array | null; object_key: string | null }>(leads.db, sql`select bytes, object_key from content_blobs`);
    expect(blob!.bytes).toBeNull();
    expect(await objectBytes(storage, blob!.object_key!)).toEqual(photo);

    const [deleted] = await listRevisions(leads.db);
    const page = await (await editor.request(`/staff/history/${deleted!.id}`)).text();
    const thumbnail = /<img src="(\/staff\/history\/photos\/[0-9a-f]{64})"/.exec(page)![1]!;
    expect(Buffer.from(await (await editor.request(thumbnail)).arrayBuffer())).toEqual(photo);

    await bucket.stop();
    const unavailable = await editor.request(thumbnail);
    expect(unavailable.status).toBe(503);
    expect(unavailable.headers.get("retry-after")).toBe("60");
    const refused = await editor.post(`/staff/history/${deleted!.id}/restore`, {});
    expect(refused.status).toBe(503);
    expect(await refused.text()).toContain("The store that keeps the content&#39;s photos did not answer. Nothing was written and nothing is lost");
    expect(existsSync(file("photos/shirt.yaml"))).toBe(false);

    await bucket.start();
    expect((await editor.post(`/staff/history/${deleted!.id}/restore`, {})).status).toBe(303);
    expect(await readFile(file("media/gallery/shirt/photo.png"))).toEqual(photo);
  });
  it("streams a replaced photo the history does not keep yet into the bucket from its file, never whole (decision 0185)", { timeout: 120_000 }, async () => {
    const editor = await suite.signedIn("editor", { forwardedFor: "203.0.113.9" });
    const photoPath = "content/media/gallery/shirt/photo.png";
    const save = (changes: Change[]) => editor.request("/api/keystatic/update", saveRequest(server.url, changes));
    await mkdir(file("media/gallery/shirt"), { recursive: true });
    const { size, large, largeSha } = largePhoto();
    await writeFile(file("media/gallery/shirt/photo.png"), large);
    let saved: Response | undefined;
    const held = await peakLiveBuffersDuring(async () => (saved = await save([{ path: photoPath, contents: png("small") }])), 500);
    expect(saved!.status).toBe(200);
    const [blob] = await rows<{ bytes: Uint8Array | null; object_key: string | null; size: number }>(
      leads.db,
      sql`select bytes, object_key, size from content_blobs where sha256 = ${largeSha}`,
    );
    expect(blob).toMatchObject({ bytes: null, size });
    expect(
      createHash("sha256")
        .update((await objectBytes(storage, blob!.object_key!))!)
        .digest("hex"),
    ).toBe(largeSha);
    // Read whole, the photo alone would be held (40 MB), and again as the PUT's body.
    expect(held).toBeLessThan(size / 2);
  });

  it("streams a large photo from the bucket: the desk pulls it only as fast as the thumbnail is read", async () => {
    const editor = await suite.signedIn("editor", { forwardedFor: "203.0.113.9" });
    const size = 48 * 1024 * 1024;
    const photo = Buffer.alloc(size, 7);
    png("large").copy(photo);
    const sha256 = createHash("sha256").update(photo).digest("hex");
    const key = "content-blobs/large-photo-of-the-test";
    await storage.put(key, photo, { contentType: "image/png", sha256 });
    await leads.db.execute(sql`insert into content_blobs (sha256, size, object_key, content_type) values (${sha256}, ${size}, ${key}, 'image/png')`);
    // The real bucket, with the bytes the desk has pulled from it counted as they pass.
    const counted = pullCountedStorage(storage);
    keepContentBlobsIn(leads.db, new LeadFiles(counted.storage));
    const response = await editor.request(`/staff/history/photos/${sha256}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("content-length")).toBe(String(size));
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Read whole first, all 48 MB would have been pulled before the first byte went out.
    expect(counted.pulled()).toBeLessThan(8 * 1024 * 1024);
    const hash = createHash("sha256").update(first.value!);
    let received = first.value!.byteLength;
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      hash.update(chunk.value);
      received += chunk.value.byteLength;
    }
    expect(received).toBe(size);
    expect(hash.digest("hex")).toBe(sha256);
  }, 60_000);
});

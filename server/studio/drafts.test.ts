import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { testDatabasePerFile } from "../../test-support/databases";
import { peakLiveBuffersDuring, writeLargeFile } from "../../test-support/memory";
import { testStudioConfig } from "../../test-support/studio-config";
import { listRevisions, readRevision, recordRevision } from "../leads/content-history";
import { fileSha256 } from "../publish/published-tree";
import { ensurePublishedTree } from "../../scripts/start-build.mjs";
import { listAudit } from "../staff/audit";
import { contentEntries } from "./content-entries";
import { drafts as makeDrafts, looseFilesEntry, severalEntries, type Drafts } from "./drafts";
import { claimDuePublishes, publishLeaseMs, readPublishRequest, requestPublish } from "./publish-requests";
import { runDuePublishes } from "./scheduled-publish";

// Drafts (decision 0159): a drafted entry is one whose files differ between the working copy and the
// published tree; publish and discard copy entries across as one content-history revision; a
// scheduled publish runs once at its time on the clock, and late says so. Above the store (its SQL:
// content-history and publish-requests tests, on both drivers): PGlite.

describe("drafts on PGlite", () => {
  const t = testDatabasePerFile("PGlite");
  const entries = contentEntries(testStudioConfig);
  const editor = { id: "editor-1", name: "Eda Editor", email: "eda@example.com" };
  const site = { kind: "singleton" as const, key: "site", slug: "" };
  const moq = { kind: "collection" as const, key: "faq", slug: "moq" };
  let root = "";
  let working = "";
  let published = "";
  let drafts: Drafts;

  const put = async (tree: string, path: string, text: string) => {
    await mkdir(dirname(join(tree, "..", path)), { recursive: true });
    await writeFile(join(tree, "..", path), text);
  };
  const read = (tree: string, path: string) => readFile(join(tree, "..", path), "utf8");
  const drafted = async () => (await drafts.list()).map((item) => [item.label, item.files.map((file) => `${file.change} ${file.path}`)]);

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), "ssl-drafts-"));
    working = join(root, "work", "content");
    published = join(root, "data", "published", "content");
    await put(working, "content/site.yaml", "phone: +880 2 5555 0100\n");
    await put(working, "content/faq/moq.yaml", "question: What is the MOQ?\nanswer: It depends.\n");
    expect(ensurePublishedTree(working, published)).toBe(true);
    drafts = makeDrafts({ db: t.db, entries, contentDir: working, publishedDir: published });
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it("makes the published tree once, from the working copy, so nothing is drafted at first", async () => {
    expect(await read(published, "content/site.yaml")).toBe("phone: +880 2 5555 0100\n");
    await put(working, "content/site.yaml", "phone: changed\n");
    expect(ensurePublishedTree(working, published)).toBe(false);
    expect(await read(published, "content/site.yaml")).toBe("phone: +880 2 5555 0100\n");
    await put(working, "content/site.yaml", "phone: +880 2 5555 0100\n");
    expect(await drafts.list()).toEqual([]);
  });

  it("lists each drafted entry with its files, a photo with the entry that names it, other files apart", async () => {
    await put(working, "content/site.yaml", "phone: +880 2 5555 0177\n");
    await rm(join(working, "faq/moq.yaml"));
    await put(working, "content/photos/shirt.yaml", "title: shirt\nphoto: shirt.png\n");
    await put(working, "content/media/gallery/shirt.png", "png bytes");
    await put(working, "content/media/gallery/stray.png", "other bytes");
    expect(await drafted()).toEqual([
      ["FAQ: moq", ["deleted content/faq/moq.yaml"]],
      ["Files", ["added content/media/gallery/stray.png"]],
      ["Photos: shirt", ["added content/photos/shirt.yaml", "added content/media/gallery/shirt.png"]],
      ["Site", ["changed content/site.yaml"]],
    ]);
  });

  it("publishes the chosen entries only, as one revision of action publish with its audit entry, restorable into the published tree", async () => {
    await put(working, "content/site.yaml", "phone: +880 2 5555 0177\n");
    await put(working, "content/faq/moq.yaml", "question: What is the MOQ?\nanswer: 300 pieces.\n");

    const outcome = await drafts.publish([site], editor);
    expect(outcome).toMatchObject({ ok: true, entries: ["Site"] });
    expect(await read(published, "content/site.yaml")).toBe("phone: +880 2 5555 0177\n");
    expect(await read(published, "content/faq/moq.yaml")).toContain("It depends.");
    expect(await drafted()).toEqual([["FAQ: moq", ["changed content/faq/moq.yaml"]]]);

    const [revision] = await listRevisions(t.db);
    expect(revision).toMatchObject({ action: "publish", entryKey: "site", actorName: "Eda Editor" });
    const stored = await readRevision(t.db, revision!.id);
    expect(stored?.files).toMatchObject([{ path: "content/site.yaml", beforeText: "phone: +880 2 5555 0100\n", afterText: "phone: +880 2 5555 0177\n" }]);
    const [audit] = await listAudit(t.db, { action: "content.publish" });
    expect(audit).toMatchObject({ actorEmail: "eda@example.com", target: `revision:${revision!.id}`, detail: { entries: ["Site"], files: 1 } });

    // Nothing drafted in what was asked for: no revision.
    expect(await drafts.publish([site], editor)).toEqual({ ok: true, entries: [] });

    // Restoring the publish puts the published file back; the draft is unpublished again.
    const restored = await drafts.restorePublished(
      { id: revision!.id, entry: site },
      [{ path: "content/site.yaml", bytes: Buffer.from("phone: +880 2 5555 0100\n") }],
      editor,
    );
    expect(restored).toMatchObject({ ok: true, entries: ["Site"] });
    expect(await read(published, "content/site.yaml")).toBe("phone: +880 2 5555 0100\n");
    expect(await read(working, "content/site.yaml")).toBe("phone: +880 2 5555 0177\n");
    expect((await listRevisions(t.db))[0]).toMatchObject({ action: "publish", restoredFrom: revision!.id });
    expect((await drafted()).map(([label]) => label)).toEqual(["FAQ: moq", "Site"]);
  });

  it("publishes all, deletions and their photos too, as one revision naming its entries", async () => {
    await put(working, "content/site.yaml", "phone: +880 2 5555 0177\n");
    await rm(join(working, "faq"), { recursive: true });
    await put(working, "content/photos/shirt.yaml", "title: shirt\nphoto: shirt.png\n");
    await put(working, "content/media/gallery/shirt.png", "png bytes");

    expect(await drafts.publish("all", editor)).toMatchObject({ ok: true, entries: ["FAQ: moq", "Photos: shirt", "Site"] });
    expect(await drafts.list()).toEqual([]);
    expect(existsSync(join(published, "faq"))).toBe(false);
    expect(await readFile(join(published, "media/gallery/shirt.png"), "utf8")).toBe("png bytes");
    const [revision] = await listRevisions(t.db);
    expect(revision).toMatchObject({ action: "publish", entryKind: severalEntries.kind, entryKey: severalEntries.key, fileCount: 4 });
    expect(entries.labelOf(severalEntries)).toBe("Several entries");
  });

  it(
    "publishes and discards a large photo as a stream, copied from tree to tree and checked by its hash, and restores it from its rows a chunk at a time: never held whole (decision 0189)",
    { timeout: 180_000 },
    async () => {
      const size = 40 * 1024 * 1024;
      const photoPath = "content/media/gallery/large.png";
      const inWorking = join(working, "media/gallery/large.png");
      const sha256 = await writeLargeFile(inWorking, size);
      // Kept by the history, as a studio save keeps the photo it brings (its chunks pass through PGlite's memory here, not measured).
      await recordRevision(t.db, {
        actor: editor,
        entry: looseFilesEntry,
        action: "upload",
        files: [{ path: photoPath, before: null, after: { onDisk: inWorking, sha256 } }],
        audit: { action: "content.save", detail: {} },
      });

      let outcome: unknown;
      const publishHeld = await peakLiveBuffersDuring(async () => (outcome = await drafts.publish("all", editor)), 20);
      expect(outcome).toMatchObject({ ok: true, entries: ["Files"] });
      expect(await fileSha256(join(published, "media/gallery/large.png"))).toBe(sha256);
      const [publish] = await listRevisions(t.db);
      expect((await readRevision(t.db, publish!.id))!.files).toMatchObject([{ path: photoPath, beforeBlob: null, afterBlob: sha256 }]);

      // Replaced by hand in the working copy, then discarded: the published photo is streamed back.
      await put(working, photoPath, "a small photo");
      let discarded: unknown;
      const discardHeld = await peakLiveBuffersDuring(async () => (discarded = await drafts.discard("all", editor)), 20);
      expect(discarded).toMatchObject({ ok: true, entries: ["Files"] });
      expect(await fileSha256(inWorking)).toBe(sha256);
      expect(await drafts.list()).toEqual([]);

      // Replaced by a publish, then that publish restored: the photo comes back from its rows, a chunk per query.
      await put(working, photoPath, "a small photo");
      expect(await drafts.publish("all", editor)).toMatchObject({ ok: true });
      const [replacing] = await listRevisions(t.db);
      let restored: unknown;
      const restoreHeld = await peakLiveBuffersDuring(
        async () => (restored = await drafts.restorePublished({ id: replacing!.id, entry: looseFilesEntry }, [{ path: photoPath, sha256 }], editor)),
        20,
      );
      expect(restored).toMatchObject({ ok: true });
      expect(await fileSha256(join(published, "media/gallery/large.png"))).toBe(sha256);
      // Read whole, the photo would be held (40 MB), and again as the revision statement's parameter; restored, as the select's row.
      expect(publishHeld, "held by the publish").toBeLessThan(size / 2);
      expect(discardHeld, "held by the discard").toBeLessThan(size / 2);
      expect(restoreHeld, "held by the restore from the rows").toBeLessThan(size / 2);
    },
  );

  it("discards a draft: the working copy takes the published files back, as a revision of action discard", async () => {
    await put(working, "content/site.yaml", "phone: typo\n");
    await put(working, "content/faq/new.yaml", "question: New?\nanswer: Yes.\n");
    expect(await drafts.discard([site, { kind: "collection", key: "faq", slug: "new" }], editor)).toMatchObject({ ok: true });
    expect(await read(working, "content/site.yaml")).toBe("phone: +880 2 5555 0100\n");
    expect(existsSync(join(working, "faq/new.yaml"))).toBe(false);
    expect(await drafts.list()).toEqual([]);
    expect((await listRevisions(t.db))[0]).toMatchObject({ action: "discard", entryKey: "publish" });
  });

  it("says which new, unpublished entries a drafted entry names by a whole value, and not a word inside a text", async () => {
    await put(working, "content/certificates/oeko.yaml", "name: oeko\n");
    await put(working, "content/photos/shirt.yaml", "title: shirt\nrecord: oeko\n");
    await put(working, "content/faq/moq.yaml", "question: What is the MOQ?\nanswer: oeko\n  certified.\n");
    expect((await drafts.list()).map((item) => [item.label, item.needs])).toEqual([
      ["Certificates: oeko", []],
      ["FAQ: moq", []],
      ["Photos: shirt", ["collection:certificates:oeko"]],
    ]);
    // Once the certificate is published, nothing is missing.
    await drafts.publish([{ kind: "collection", key: "certificates", slug: "oeko" }], editor);
    expect((await drafts.list()).map((item) => [item.label, item.needs])).toEqual([
      ["FAQ: moq", []],
      ["Photos: shirt", []],
    ]);
  });

  it("names each drafted entry's files by a version, and refuses a publish or discard of one whose version is not the one seen, writing nothing", async () => {
    await put(working, "content/site.yaml", "phone: +880 2 5555 0177\n");
    const [shown] = await drafts.list();
    expect(shown!.version).toMatch(/^[0-9a-f]{32}$/);
    const seen = new Map([["singleton:site:", shown!.version]]);
    // Another save meanwhile: a new version, inside the lock as outside.
    await put(working, "content/site.yaml", "phone: +880 2 5555 0199\n");
    const [now] = await drafts.list();
    expect(now!.version).not.toBe(shown!.version);
    expect(await drafts.publish([site], editor, undefined, seen)).toMatchObject({ ok: false, status: 409, changed: ["singleton:site:"] });
    expect(await drafts.discard([site], editor, seen)).toMatchObject({ ok: false, status: 409, changed: ["singleton:site:"] });
    // "All" also refuses a drafted entry that was not seen at all.
    await put(working, "content/faq/moq.yaml", "question: What is the MOQ?\nanswer: 300 pieces.\n");
    expect(await drafts.publish("all", editor, undefined, new Map([["singleton:site:", now!.version]]))).toMatchObject({
      ok: false,
      status: 409,
      changed: ["collection:faq:moq"],
    });
    expect(await read(published, "content/site.yaml")).toBe("phone: +880 2 5555 0100\n");
    expect(await read(working, "content/site.yaml")).toBe("phone: +880 2 5555 0199\n");
    expect(await listRevisions(t.db)).toEqual([]);
    expect(await drafts.publish([site], editor, undefined, new Map([["singleton:site:", now!.version]]))).toMatchObject({ ok: true, entries: ["Site"] });
  });

  it("runs a scheduled publish once at its time on the clock, and a missed one late, saying so", async () => {
    const at = new Date("2026-12-10T03:00:00Z");
    await put(working, "content/site.yaml", "phone: +880 2 5555 0177\n");
    await put(working, "content/faq/moq.yaml", "question: What is the MOQ?\nanswer: 300 pieces.\n");
    const onTime = await requestPublish(t.db, { entries: [site], runAt: at, actor: editor, needsApproval: false });
    const missed = await requestPublish(t.db, { entries: [moq], runAt: new Date("2026-12-10T05:00:00Z"), actor: editor, needsApproval: false });

    expect(await runDuePublishes({ db: t.db, drafts, now: new Date(at.getTime() - 1) })).toEqual([]);
    expect(await read(published, "content/site.yaml")).toBe("phone: +880 2 5555 0100\n");
    const runs = await runDuePublishes({ db: t.db, drafts, now: new Date(at.getTime() + 20_000) });
    expect(runs.map((run) => [run.request.id, run.outcome, run.note])).toEqual([[onTime.id, "done", undefined]]);
    expect(await read(published, "content/site.yaml")).toBe("phone: +880 2 5555 0177\n");
    expect(await runDuePublishes({ db: t.db, drafts, now: new Date(at.getTime() + 40_000) })).toEqual([]);

    // The server was down from 04:00 to 07:00: the start after runs the 05:00 publish, late.
    const late = await runDuePublishes({ db: t.db, drafts, now: new Date("2026-12-10T07:00:00Z") });
    expect(late.map((run) => [run.request.id, run.outcome, run.note])).toEqual([
      [missed.id, "done", "published late: the server was down at 2026-12-10 05:00 UTC"],
    ]);
    expect(await read(published, "content/faq/moq.yaml")).toContain("300 pieces.");
    expect(await readPublishRequest(t.db, missed.id)).toMatchObject({ status: "done", note: "published late: the server was down at 2026-12-10 05:00 UTC" });
    const [audit] = await listAudit(t.db, { action: "content.publish" });
    expect(audit?.detail).toMatchObject({ entries: ["FAQ: moq"], note: "published late: the server was down at 2026-12-10 05:00 UTC" });
  });

  it("publishes a scheduled publish whose run never finished (its instance died) after the lease, saying so", async () => {
    const at = new Date("2026-12-10T03:00:00Z");
    await put(working, "content/site.yaml", "phone: +880 2 5555 0177\n");
    const request = await requestPublish(t.db, { entries: [site], runAt: at, actor: editor, needsApproval: false });
    // An instance claims it and dies before copying anything.
    expect((await claimDuePublishes(t.db, at)).map((claimed) => claimed.id)).toEqual([request.id]);
    expect(await runDuePublishes({ db: t.db, drafts, now: new Date(at.getTime() + 60_000) })).toEqual([]);
    const runs = await runDuePublishes({ db: t.db, drafts, now: new Date(at.getTime() + publishLeaseMs) });
    expect(runs.map((run) => [run.outcome, run.note])).toEqual([["done", "published again: the run that began at 2026-12-10 03:00 UTC did not finish"]]);
    expect(await read(published, "content/site.yaml")).toBe("phone: +880 2 5555 0177\n");
  });
});

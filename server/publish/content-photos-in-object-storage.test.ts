import { createHash } from "node:crypto";
import { readdirSync, statSync } from "node:fs";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows, type Database } from "../db/db";
import { deleteRevisionsBefore, forgetRevision, keepContentBlobsIn, readBlobs, recordRevision, type RevisionFile } from "../leads/content-history";
import { LeadFiles, moveFilesToObjectStorage, removeQueuedObjects, type MovedKind } from "../leads/files";
import { objectStorage, type ObjectStorage } from "../platform/object-storage";
import { deleteExpiredRevisions } from "../staff/retention";
import { contentFollower } from "./content-follower";
import { ContentHashMismatch, fileSha256, treeReader } from "./published-tree";
import { drivers, testDatabasePerFile } from "../../test-support/databases";
import { objectBytes, testBucketPerBlock, type TestBucket } from "../../test-support/object-storage";

// The content history's photos in the bucket (decision 0161, "Refined: the content photos'
// originals"): a save writes a new photo there, the row keeping key, size, type and hash; another
// instance's follower reads it from there into its tree; the move command takes the photos still
// in the database there once; the retention's deleted photos leave the bucket. Against s3rver.

/** A photo's bytes (a JPEG's first bytes, then 64 kB that differ by `n`). */
const photo = (n: number) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64_000, n)]);
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const photoPath = (n: number) => `content/products/media/hoodie/photo-${n}.jpg`;

/** A studio save adding photo `n` to the hoodie's entry (and, with `text`, changing a text file beside it). */
const savePhoto = (db: Database, n: number, extra: RevisionFile[] = []) =>
  recordRevision(db, {
    actor: { name: "Editor" },
    entry: { kind: "collection", key: "products", slug: "hoodie" },
    action: "upload",
    files: [{ path: photoPath(n), before: null, after: { bytes: photo(n), sha256: sha256(photo(n)) } }, ...extra],
    audit: { action: "content.upload", detail: {} },
  });

type BlobRow = { sha256: string; bytes: Uint8Array | null; size: number | string; object_key: string | null; content_type: string | null };
const blobRows = (db: Database) => rows<BlobRow>(db, sql`select sha256, bytes, size, object_key, content_type from content_blobs order by sha256`);

/** The real bucket, the content photos' keys written through it counted (every request still goes to s3rver). */
function counted(storage: ObjectStorage) {
  const puts: string[] = [];
  const wrapped: ObjectStorage = {
    put: (key, bytes, options) => storage.put(key, bytes, options).then(() => void (key.startsWith("content-blobs/") && puts.push(key))),
    putStream: (key, open, options) => storage.putStream(key, open, options).then(() => void (key.startsWith("content-blobs/") && puts.push(key))),
    get: (key) => storage.get(key),
    delete: (key) => storage.delete(key),
  };
  return { storage: wrapped, puts };
}

describe.each(drivers)("the content history's photos in object storage, on %s", (driver) => {
  const t = testDatabasePerFile(driver);
  let bucket: TestBucket;
  let storage: ObjectStorage;
  let root: string;
  testBucketPerBlock((started) => ({ bucket, storage } = started));
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "ssl-content-photos-"));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it("a photo saved in the history goes to the bucket under an unguessable key; its row keeps key, size, type, no bytes; a second save naming it writes no second object", async () => {
    const bucketCounted = counted(storage);
    keepContentBlobsIn(t.db, new LeadFiles(bucketCounted.storage));
    await savePhoto(t.db, 1);
    const [blob] = await blobRows(t.db);
    expect(blob!.sha256).toBe(sha256(photo(1)));
    expect(blob!.bytes).toBeNull();
    expect(blob!.object_key).toMatch(/^content-blobs\/[A-Za-z0-9_-]{32}$/);
    expect(blob!.content_type).toBe("image/jpeg");
    expect(Number(blob!.size)).toBe(photo(1).byteLength);
    expect(await objectBytes(storage, blob!.object_key!)).toEqual(photo(1));
    expect((await readBlobs(t.db, [blob!.sha256])).get(blob!.sha256)).toEqual(photo(1));

    // The same photo again (a restore's "before", another entry's copy): kept once, no new object.
    await savePhoto(t.db, 1);
    expect(await blobRows(t.db)).toHaveLength(1);
    expect(bucketCounted.puts).toEqual([blob!.object_key]);
  });

  it("the bucket down at a save: the photo is kept in its row, and the save is recorded", async () => {
    keepContentBlobsIn(t.db, new LeadFiles(storage, () => {}));
    await bucket.stop();
    await savePhoto(t.db, 2);
    const [blob] = await blobRows(t.db);
    expect(blob!.object_key).toBeNull();
    expect(Buffer.from(blob!.bytes!)).toEqual(photo(2));
  });

  it("another instance's follower writes the photo saved on this one into its tree, read from the bucket", async () => {
    keepContentBlobsIn(t.db, new LeadFiles(storage));
    await savePhoto(t.db, 3);
    const [blob] = await blobRows(t.db);
    expect(blob!.bytes).toBeNull();

    const other = await t.anotherInstance();
    keepContentBlobsIn(other, new LeadFiles(objectStorage(bucket.settings)));
    const tree = join(root, `instance-${driver}`);
    const workingDir = join(tree, "content");
    const follower = contentFollower({ db: other, workingDir, cursorFile: join(tree, "cursors.json"), log: () => {} });
    expect(await follower.catchUp()).toEqual({ working: 1, published: 0 });
    expect(await readFile(join(tree, photoPath(3)))).toEqual(photo(3));
  });

  it("the move command takes the photos still in the database to the bucket once each, stopped halfway and resumed", async () => {
    keepContentBlobsIn(t.db, new LeadFiles());
    for (const n of [4, 5, 6]) await savePhoto(t.db, n);
    expect((await blobRows(t.db)).map((b) => b.object_key)).toEqual([null, null, null]);
    const bucketCounted = counted(storage);

    const stop = new AbortController();
    const first: [number | string, MovedKind][] = [];
    const halfway = await moveFilesToObjectStorage(t.db, bucketCounted.storage, {
      signal: stop.signal,
      onMoved: (id, kind) => {
        first.push([id, kind]);
        stop.abort();
      },
    });
    expect(halfway).toEqual({ moved: 1, failed: 0, stopped: true });
    const inOrder = (await blobRows(t.db)).map((b) => b.sha256);
    expect(first).toEqual([[inOrder[0], "content-blob"]]);
    expect((await blobRows(t.db)).map((b) => b.object_key !== null)).toEqual([true, false, false]);

    expect(await moveFilesToObjectStorage(t.db, bucketCounted.storage)).toEqual({ moved: 2, failed: 0, stopped: false });
    expect(await moveFilesToObjectStorage(t.db, bucketCounted.storage)).toEqual({ moved: 0, failed: 0, stopped: false });
    const after = await blobRows(t.db);
    expect(bucketCounted.puts).toHaveLength(3);
    expect([...after.map((b) => b.object_key)].sort()).toEqual([...bucketCounted.puts].sort());
    keepContentBlobsIn(t.db, new LeadFiles(storage));
    for (const b of after) {
      expect(b.bytes).toBeNull();
      expect(await objectBytes(storage, b.object_key!)).toEqual((await readBlobs(t.db, [b.sha256])).get(b.sha256));
    }
    const hashes = after.map((b) => b.sha256).sort();
    expect(hashes).toEqual([4, 5, 6].map((n) => sha256(photo(n))).sort());
  });

  it("the retention deletes a photo no revision names and queues its object, which the sweep removes from the bucket", async () => {
    keepContentBlobsIn(t.db, new LeadFiles(storage));
    await savePhoto(t.db, 7);
    const [blob] = await blobRows(t.db);
    // The photo deleted, then a newer save of the same entry that does not name it: both older ones
    // may go, and the snapshot written first (decision 0177) names the photo as absent.
    await recordRevision(t.db, {
      actor: { name: "Editor" },
      entry: { kind: "collection", key: "products", slug: "hoodie" },
      action: "update",
      files: [{ path: photoPath(7), before: { kept: blob!.sha256 }, after: null }],
      audit: { action: "content.update", detail: {} },
    });
    await recordRevision(t.db, {
      actor: { name: "Editor" },
      entry: { kind: "collection", key: "products", slug: "hoodie" },
      action: "update",
      files: [{ path: "content/products/hoodie.yaml", before: null, after: { text: "name: Hoodie\n" } }],
      audit: { action: "content.update", detail: {} },
    });
    expect(await deleteRevisionsBefore(t.db, new Date(Date.now() + 60_000))).toMatchObject({ revisions: 2, blobs: 1, snapshots: [expect.any(Number)] });
    expect(await blobRows(t.db)).toEqual([]);
    const queued = await rows<{ object_key: string }>(t.db, sql`select object_key from object_removals`);
    expect(queued.map((q) => q.object_key)).toEqual([blob!.object_key]);
    expect(await removeQueuedObjects(t.db, storage)).toBe(1);
    expect(await objectBytes(storage, blob!.object_key!)).toBeUndefined();
  });

  it("another instance's follower streams a large photo into a temporary file beside its place, checked by its hash, never held whole; a photo already there is not read from the bucket again", async () => {
    const size = 40 * 1024 * 1024;
    const large = Buffer.alloc(size, 9);
    photo(0).copy(large);
    const hash = sha256(large);
    const key = `content-blobs/a-large-photo-on-${driver}`;
    await storage.put(key, large, { contentType: "image/jpeg", sha256: hash });
    await t.db.execute(sql`insert into content_blobs (sha256, size, object_key, content_type) values (${hash}, ${size}, ${key}, 'image/jpeg')`);
    await recordRevision(t.db, {
      actor: { name: "Editor" },
      entry: { kind: "collection", key: "products", slug: "hoodie" },
      action: "upload",
      files: [{ path: photoPath(30), before: null, after: { kept: hash } }],
      audit: { action: "content.upload", detail: {} },
    });

    const tree = join(root, `large-${driver}`);
    const folder = join(tree, "content/products/media/hoodie");
    // What has reached the disk: the temporary file beside the photo's place, then the photo.
    const onDisk = () => {
      let bytes = 0;
      try {
        for (const name of readdirSync(folder)) bytes += statSync(join(folder, name)).size;
      } catch {
        // the folder is not made yet
      }
      return bytes;
    };
    // The real bucket; as each chunk is pulled from it, how far the bytes pulled are ahead of the disk.
    let pulled = 0;
    let widest = 0;
    const watching: ObjectStorage = {
      ...storage,
      get: async (objectKey) => {
        const object = await storage.get(objectKey);
        if (!object) return undefined;
        const counting = new TransformStream<Uint8Array, Uint8Array>({
          transform(chunk, controller) {
            pulled += chunk.byteLength;
            widest = Math.max(widest, pulled - onDisk());
            controller.enqueue(chunk);
          },
        });
        return { ...object, body: object.body.pipeThrough(counting) };
      },
    };
    const other = await t.anotherInstance();
    keepContentBlobsIn(other, new LeadFiles(watching));
    const cursorFile = join(tree, "cursors.json");
    const follower = contentFollower({ db: other, workingDir: join(tree, "content"), cursorFile, log: () => {} });
    expect(await follower.catchUp()).toEqual({ working: 1, published: 0 });
    expect(pulled).toBe(size);
    // Read whole first, all 40 MB would have been pulled before a byte reached the disk.
    expect(widest).toBeLessThan(8 * 1024 * 1024);
    expect(await fileSha256(join(tree, photoPath(30)))).toBe(hash);
    expect(readdirSync(folder)).toEqual(["photo-30.jpg"]);

    // Replayed (its cursors lost): the photo there already has the hash, so nothing is pulled or written.
    const written = (await stat(join(tree, photoPath(30)))).mtimeMs;
    await rm(cursorFile);
    const again = contentFollower({ db: other, workingDir: join(tree, "content"), cursorFile, log: () => {} });
    expect(await again.catchUp()).toEqual({ working: 0, published: 0 });
    expect(pulled).toBe(size);
    expect((await stat(join(tree, photoPath(30)))).mtimeMs).toBe(written);
  }, 120_000);

  it("a photo whose object holds other bytes than its hash is refused loudly: no file written, the file there kept, the cursor where it was", async () => {
    keepContentBlobsIn(t.db, new LeadFiles(storage));
    const tree = join(root, `altered-${driver}`);
    const workingDir = join(tree, "content");
    const cursorFile = join(tree, "cursors.json");
    const logs: string[] = [];
    const follower = contentFollower({ db: t.db, workingDir, cursorFile, log: (line) => logs.push(line) });
    await savePhoto(t.db, 31);
    expect(await follower.catchUp()).toEqual({ working: 1, published: 0 });
    const caughtUp = (await follower.cursors()).working;

    // The photo replaced by a save whose object in the bucket was altered behind the history's back.
    const expected = photo(32);
    const key = `content-blobs/an-altered-photo-on-${driver}`;
    await storage.put(key, photo(33), { contentType: "image/jpeg", sha256: sha256(photo(33)) });
    await t.db.execute(
      sql`insert into content_blobs (sha256, size, object_key, content_type) values (${sha256(expected)}, ${expected.byteLength}, ${key}, 'image/jpeg')`,
    );
    const { id } = await recordRevision(t.db, {
      actor: { name: "Editor" },
      entry: { kind: "collection", key: "products", slug: "hoodie" },
      action: "upload",
      files: [{ path: photoPath(31), before: { kept: sha256(photo(31)) }, after: { kept: sha256(expected) } }],
      audit: { action: "content.upload", detail: {} },
    });
    const refused = follower.catchUp();
    await expect(refused).rejects.toThrow(ContentHashMismatch);
    await expect(refused).rejects.toThrow(`the bytes read for ${photoPath(31)} have SHA-256 ${sha256(photo(33))}, not ${sha256(expected)}`);
    expect(await readFile(join(tree, photoPath(31)))).toEqual(photo(31));
    expect(readdirSync(join(tree, "content/products/media/hoodie"))).toEqual(["photo-31.jpg"]);
    expect((await follower.cursors()).working).toBe(caughtUp);
    await forgetRevision(t.db, id);
  });
});

// Decision 0177: the retention (decision 0095) deletes old revisions but each entry's newest; before it
// does, it writes a snapshot of each tree, so an instance starting from nothing (or down longer than
// the retention period) still gets exactly the trees the history says, photos included.
describe.each(drivers)("the retention's snapshot of the trees, on %s", (driver) => {
  const t = testDatabasePerFile(driver);
  let storage: ObjectStorage;
  let root: string;
  testBucketPerBlock((started) => ({ storage } = started));
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "ssl-content-snapshot-"));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  const site = "content/site.yaml";
  const moq = "content/faq/moq.yaml";
  const photoOf = (name: string) => `content/media/gallery/${name}.jpg`;
  const text = (value: string) => ({ text: value });
  const photoState = (bytes: Buffer) => ({ bytes, sha256: sha256(bytes) });
  const record = (
    entry: { kind: "singleton" | "collection" | "files"; key: string; slug: string },
    action: "update" | "upload" | "publish",
    files: RevisionFile[],
  ) => recordRevision(t.db, { actor: { name: "Editor" }, entry, action, files, audit: { action: "content.save", detail: {} } });

  /** A follower's trees: a working copy and a published tree, each empty until it catches up. */
  const instance = (name: string) => {
    const workingDir = join(root, `${name}-${driver}`, "content");
    const publishedDir = join(root, `${name}-${driver}`, "published", "content");
    const follower = contentFollower({ db: t.db, workingDir, publishedDir, cursorFile: join(root, `${name}-${driver}`, "cursors.json"), log: () => {} });
    return { workingDir, publishedDir, follower };
  };

  it("a follower starting from nothing after the retention ends with exactly the trees of the newest saves, photos included", async () => {
    keepContentBlobsIn(t.db, new LeadFiles(storage));
    const importing = { kind: "files" as const, key: "import", slug: "working" };
    const media = { kind: "files" as const, key: "media", slug: "" };
    const siteEntry = { kind: "singleton" as const, key: "site", slug: "" };
    const publishing = { kind: "files" as const, key: "publish", slug: "" };
    // Revision zero, then saves: a photo replaced and another deleted by saves the retention will
    // delete (only the newest of "media" stays, and it names neither), and publishes of the site.
    await record(importing, "upload", [
      { path: site, before: text("phone: 0\n"), after: text("phone: 0\n") },
      { path: moq, before: text("answer: 0\n"), after: text("answer: 0\n") },
      { path: photoOf("a"), before: photoState(photo(40)), after: photoState(photo(40)) },
      { path: photoOf("gone"), before: photoState(photo(41)), after: photoState(photo(41)) },
    ]);
    await record({ kind: "files", key: "import", slug: "published" }, "publish", [{ path: site, before: text("phone: 0\n"), after: text("phone: 0\n") }]);
    await record(siteEntry, "update", [{ path: site, before: text("phone: 0\n"), after: text("phone: 1\n") }]);
    await record(media, "upload", [{ path: photoOf("a"), before: photoState(photo(40)), after: photoState(photo(42)) }]);
    await record(media, "upload", [{ path: photoOf("gone"), before: photoState(photo(41)), after: null }]);
    await record(publishing, "publish", [{ path: site, before: text("phone: 0\n"), after: text("phone: 1\n") }]);
    await record(media, "upload", [{ path: photoOf("b"), before: null, after: photoState(photo(43)) }]);
    await record(publishing, "publish", [{ path: photoOf("a"), before: null, after: photoState(photo(42)) }]);
    await record(siteEntry, "update", [{ path: site, before: text("phone: 1\n"), after: text("phone: 2\n") }]);

    // An instance that followed every save: the trees as the history says.
    const along = instance("along");
    await along.follower.catchUp();
    const read = treeReader();
    const working = await read(along.workingDir);
    const published = await read(along.publishedDir);
    expect(Object.fromEntries(working)).toEqual({
      [site]: sha256(Buffer.from("phone: 2\n")),
      [moq]: sha256(Buffer.from("answer: 0\n")),
      [photoOf("a")]: sha256(photo(42)),
      [photoOf("b")]: sha256(photo(43)),
    });
    expect(Object.fromEntries(published)).toEqual({ [site]: sha256(Buffer.from("phone: 1\n")), [photoOf("a")]: sha256(photo(42)) });

    // The retention, its clock two years on: every save is older than its 365 days.
    expect(await deleteExpiredRevisions(t.db, 365, new Date(Date.now() + 730 * 86_400_000))).toBe(4);
    const [audit] = await rows<{ detail: { snapshots: number[] } }>(t.db, sql`select detail from staff_audit where action = 'content.retention-delete'`);
    expect(audit!.detail.snapshots).toHaveLength(2);

    // A new instance, its trees empty: exactly the trees of the one that followed along.
    const fresh = instance("fresh");
    await fresh.follower.catchUp();
    expect(await read(fresh.workingDir)).toEqual(working);
    expect(await read(fresh.publishedDir)).toEqual(published);
    expect(await readFile(join(fresh.workingDir, "media/gallery/a.jpg"))).toEqual(photo(42));

    // The next run writes a new snapshot and the one before goes; the trees still come out the same.
    await record(siteEntry, "update", [{ path: site, before: text("phone: 2\n"), after: text("phone: 3\n") }]);
    expect(await deleteExpiredRevisions(t.db, 365, new Date(Date.now() + 730 * 86_400_000))).toBe(3);
    const snapshots = await rows<{ entry_slug: string }>(t.db, sql`select entry_slug from content_revisions where entry_key = 'snapshot' order by id`);
    expect(snapshots.map((row) => row.entry_slug)).toEqual(["working", "published"]);
    const later = instance("later");
    await later.follower.catchUp();
    expect(Object.fromEntries(await read(later.workingDir))).toEqual({ ...Object.fromEntries(working), [site]: sha256(Buffer.from("phone: 3\n")) });
    expect(await read(later.publishedDir)).toEqual(published);
  });
});

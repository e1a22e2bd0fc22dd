import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { QuoteLead } from "../../app/lib/contracts/leads";
import { rows, type Database } from "../db/db";
import { objectStorage, type ObjectStorage } from "../platform/object-storage";
import { deleteLeads } from "./deletion";
import { getLeadFile } from "./inbox";
import { LeadFiles, moveFilesToObjectStorage, removeQueuedObjects } from "./files";
import { LeadStore } from "./store";
import { drivers, testDatabasePerFile } from "../../test-support/databases";
import { numberedApplication, typedQuoteLead } from "../../test-support/leads";
import { peakLiveBuffersDuring } from "../../test-support/memory";
import { countedStorage, leadFilesPerBlock, objectBytes, type TestBucket } from "../../test-support/object-storage";

const application = numberedApplication;
const techPack = Buffer.from("%PDF-1.4 tech pack of the hoodie");
const quote: QuoteLead = { ...typedQuoteLead, attachments: [{ filename: "tech-pack.pdf", contentType: "application/pdf", content: techPack }] };
const eml = Buffer.from("Subject: a lead\r\n\r\nbody\r\n");
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

const bytesOf = objectBytes;

type FileRow = { id: number; content: Uint8Array | null; object_key: string | null; size: string | number | null; sha256: string | null };
const fileRows = (db: Database) => rows<FileRow>(db, sql`select id, content, object_key, size, sha256 from lead_files order by id`);

describe.each(drivers)("the leads' files in object storage, on %s", (driver) => {
  const t = testDatabasePerFile(driver);
  let bucket: TestBucket;
  let storage: ObjectStorage;
  const { warnings, files } = leadFilesPerBlock((started) => ({ bucket, storage } = started));

  it("stores a new file in the bucket under an unguessable key; its row keeps key, size, SHA-256 and no bytes", async () => {
    const { id } = await new LeadStore(t.db, { files: files() }).accept(quote, { eml });
    const [file] = await rows<FileRow & { lead_id: string | number; content_type: string }>(t.db, sql`select * from lead_files`);
    expect(Number(file!.lead_id)).toBe(id);
    expect(file!.content).toBeNull();
    expect(file!.object_key).toMatch(/^lead-files\/[A-Za-z0-9_-]{32}$/);
    expect(Number(file!.size)).toBe(techPack.byteLength);
    expect(file!.sha256).toBe(sha256(techPack));
    expect(await bytesOf(storage, file!.object_key!)).toEqual(techPack);
    const { content } = (await rows<{ content: Uint8Array | null }>(t.db, sql`select content from lead_files`))[0]!;
    expect(content).toBeNull();
  });

  it("a file stored through one instance is read through another on the same database and bucket", async () => {
    const { id } = await new LeadStore(t.db, { files: files() }).accept(quote, { eml });
    const other = await t.anotherInstance();
    const [row] = await rows<{ id: number | string }>(other, sql`select id from lead_files where lead_id = ${id}`);
    const found = await getLeadFile(other, ["quote"], id, Number(row!.id));
    if (!found.ok) throw new Error("the file is not found through the other instance");
    expect(found.value).toMatchObject({ filename: "tech-pack.pdf", contentType: "application/pdf", size: techPack.byteLength, content: null });
    const body = await new LeadFiles(objectStorage(bucket.settings)).open(found.value);
    expect(Buffer.from(await new Response(body).arrayBuffer())).toEqual(techPack);
  });

  it("two identical requests: the repeat's object is removed, the first's kept", async () => {
    const bucketCounted = countedStorage(storage);
    const store = new LeadStore(t.db, { files: files(bucketCounted.storage) });
    const first = await store.accept(application(1), { eml });
    const repeat = await store.accept(application(1), { eml });
    expect(repeat).toEqual({ id: first.id, duplicate: true });
    await expect.poll(() => bucketCounted.deletes.length).toBe(1);
    const [kept] = await fileRows(t.db);
    expect(bucketCounted.puts).toHaveLength(2);
    expect(bucketCounted.deletes).toEqual(bucketCounted.puts.filter((key) => key !== kept!.object_key));
    expect(await bytesOf(storage, kept!.object_key!)).toBeDefined();
    expect(await bytesOf(storage, bucketCounted.deletes[0]!)).toBeUndefined();
  });

  it("the bucket down: the lead is acknowledged with its file kept in the database, and the move takes it there later", async () => {
    await bucket.stop();
    const { id } = await new LeadStore(t.db, { files: files() }).accept(application(2), { eml });
    expect(id).toBeGreaterThan(0);
    const [file] = await fileRows(t.db);
    expect(file!.object_key).toBeNull();
    expect(Buffer.from(file!.content!)).toEqual(application(2).resume.content);
    expect(file!.sha256).toBe(sha256(application(2).resume.content));
    expect(warnings.sort()).toEqual([
      expect.stringMatching(/^A lead's file is kept in the database: object storage: put failed/),
      expect.stringMatching(/^A lead's message is kept in the database: object storage: put failed/),
    ]);
    expect(warnings.join("")).not.toContain(bucket.settings.secretAccessKey);

    await bucket.start();
    // The file and the lead's .eml.
    expect(await moveFilesToObjectStorage(t.db, storage)).toEqual({ moved: 2, failed: 0, stopped: false });
    const [moved] = await fileRows(t.db);
    expect(moved!.content).toBeNull();
    expect(await bytesOf(storage, moved!.object_key!)).toEqual(application(2).resume.content);
  });

  it("moves the files in the database once each, stopped halfway and resumed", async () => {
    const inDatabase = new LeadStore(t.db);
    const sent = [3, 4, 5, 6, 7].map(application);
    for (const lead of sent) await inDatabase.accept(lead, { eml });
    const bucketCounted = countedStorage(storage);

    const stop = new AbortController();
    const first = await moveFilesToObjectStorage(t.db, bucketCounted.storage, {
      signal: stop.signal,
      onMoved: (id, kind) => kind === "file" && id === 2 && stop.abort(),
    });
    expect(first).toEqual({ moved: 2, failed: 0, stopped: true });
    expect((await fileRows(t.db)).map((f) => f.object_key !== null)).toEqual([true, true, false, false, false]);

    const second = await moveFilesToObjectStorage(t.db, bucketCounted.storage);
    // The three files left, then the five leads' .eml.
    expect(second).toEqual({ moved: 8, failed: 0, stopped: false });
    const after = await fileRows(t.db);
    expect(bucketCounted.puts).toHaveLength(5);
    expect(after.map((f) => f.object_key)).toEqual(bucketCounted.puts);
    for (const [i, f] of after.entries()) {
      expect(f.content).toBeNull();
      expect(Number(f.size)).toBe(sent[i]!.resume.content.byteLength);
      expect(f.sha256).toBe(sha256(sent[i]!.resume.content));
      expect(await bytesOf(storage, f.object_key!)).toEqual(sent[i]!.resume.content);
    }
    expect(await moveFilesToObjectStorage(t.db, bucketCounted.storage)).toEqual({ moved: 0, failed: 0, stopped: false });
    expect(bucketCounted.puts).toHaveLength(5);
  });

  it("two movers at once (two instances): each file ends in the bucket once, the loser's copies removed", async () => {
    const inDatabase = new LeadStore(t.db);
    for (const n of [8, 9, 10, 11]) await inDatabase.accept(application(n), { eml });
    const a = countedStorage(storage);
    const b = countedStorage(storage);
    const other = await t.anotherInstance();
    const [fromA, fromB] = await Promise.all([moveFilesToObjectStorage(t.db, a.storage), moveFilesToObjectStorage(other, b.storage)]);
    expect(fromA.moved + fromB.moved).toBe(8);
    const keys = (await fileRows(t.db)).map((f) => f.object_key);
    expect(new Set(keys).size).toBe(4);
    const written = [...a.puts, ...b.puts];
    const removed = [...a.deletes, ...b.deletes];
    expect(written.filter((key) => !removed.includes(key)).sort()).toEqual([...keys].sort());
  });

  it("a file that cannot be moved stays in the database, counted; the next run moves it", async () => {
    await new LeadStore(t.db).accept(application(12), { eml });
    await bucket.stop();
    const failures: string[] = [];
    expect(await moveFilesToObjectStorage(t.db, storage, { onFailed: (_id, reason) => failures.push(reason) })).toEqual({
      moved: 0,
      failed: 2,
      stopped: false,
    });
    expect(failures[0]).toMatch(/^object storage: put failed/);
    expect((await fileRows(t.db))[0]!.content).not.toBeNull();
    await bucket.start();
    expect(await moveFilesToObjectStorage(t.db, storage)).toMatchObject({ moved: 2, failed: 0 });
  });

  it("a file another mover takes while this one streams it is neither counted failed nor left twice in the bucket", async () => {
    await new LeadStore(t.db).accept(application(14), { eml });
    const other = await t.anotherInstance();
    const bucketCounted = countedStorage(storage);
    let raced = false;
    // The other instance's mover finishes both of the lead's files between this one's hash of the resume and its PUT.
    const racing: ObjectStorage = {
      ...bucketCounted.storage,
      putStream: async (key, open, options) => {
        if (!raced) {
          raced = true;
          expect(await moveFilesToObjectStorage(other, storage)).toEqual({ moved: 2, failed: 0, stopped: false });
        }
        return bucketCounted.storage.putStream(key, open, options);
      },
    };
    expect(await moveFilesToObjectStorage(t.db, racing)).toEqual({ moved: 0, failed: 0, stopped: false });
    const [file] = await fileRows(t.db);
    expect(await bytesOf(storage, file!.object_key!)).toEqual(application(14).resume.content);
    expect(bucketCounted.puts).toEqual([]);
    expect(bucketCounted.deletes).toHaveLength(1);
    expect(await bytesOf(storage, bucketCounted.deletes[0]!)).toBeUndefined();
  });

  it("a content photo's row whose bytes are not its hash (a chunk of a save in flight) is counted failed and left as it is", async () => {
    await t.db.execute(sql`insert into content_blobs (sha256, bytes, size) values ('partial:0123:00000000', convert_to('a chunk', 'UTF8'), 7)`);
    expect(await moveFilesToObjectStorage(t.db, storage)).toEqual({ moved: 0, failed: 1, stopped: false });
    expect(await rows(t.db, sql`select sha256, object_key from content_blobs`)).toEqual([{ sha256: "partial:0123:00000000", object_key: null }]);
  });

  it("moves a 16 MB resume a chunk at a time, hashed then streamed into the bucket: never held whole (decision 0192)", { timeout: 180_000 }, async () => {
    await new LeadStore(t.db).accept(application(15), { eml });
    // 16 MB of random bytes (as a resume's or a photo's, they do not compress) made by the database
    // itself: 16 blocks of 1 MiB, each after its number, so a chunk sent twice or out of order changes
    // the hash. Eight times the slice a query reads (`rowChunkBytes`, 2 MiB): streamed, the move holds
    // a slice or two whatever the size, so a larger file would show no more, only take longer.
    const blocks = 16;
    const block = randomBytes(1024 * 1024).toString("base64");
    await t.db.execute(
      sql`update lead_files set content = (select string_agg(int4send(n) || decode(${block}, 'base64'), ''::bytea order by n) from generate_series(1, ${blocks}::integer) n)`,
    );
    const [large] = await rows<{ size: number | string; sha256: string }>(
      t.db,
      sql`select octet_length(content) as size, encode(sha256(content), 'hex') as sha256 from lead_files`,
    );
    const size = Number(large!.size);
    expect(size).toBe(blocks * (1024 * 1024 + 4));

    let report: unknown;
    const held = await peakLiveBuffersDuring(async () => (report = await moveFilesToObjectStorage(t.db, storage)));
    // The resume and the lead's .eml.
    expect(report).toEqual({ moved: 2, failed: 0, stopped: false });
    const [moved] = await fileRows(t.db);
    expect(moved).toMatchObject({ content: null, sha256: large!.sha256 });
    expect(Number(moved!.size)).toBe(size);
    expect(sha256((await bytesOf(storage, moved!.object_key!))!)).toBe(large!.sha256);
    // Read whole, the row was held as the select's answer, then again as the PUT's body (about three
    // times its size); streamed, two slices (4 MiB).
    expect(held, "held by the move").toBeLessThan(size / 2);
  });

  it("a deleted lead's objects are queued with the delete and removed from the bucket by the next sweep", async () => {
    const { id } = await new LeadStore(t.db, { files: files() }).accept(application(13), { eml });
    const [file] = await fileRows(t.db);
    await bucket.stop();
    expect(await deleteLeads(t.db, [id])).toBe(1);
    await expect(removeQueuedObjects(t.db, storage)).rejects.toThrow(/delete failed/);
    await bucket.start();
    expect(await bytesOf(storage, file!.object_key!)).toBeDefined();
    expect(await removeQueuedObjects(t.db, storage)).toBe(2);
    expect(await bytesOf(storage, file!.object_key!)).toBeUndefined();
    expect(await rows(t.db, sql`select * from object_removals`)).toEqual([]);
  });
});

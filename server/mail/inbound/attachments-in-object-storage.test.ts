import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rows, type Database } from "../../db/db";
import { storeInboundMessages, type InboundMessage } from "../../leads/conversations";
import { deleteLeads } from "../../leads/deletion";
import { LeadFiles, moveFilesToObjectStorage, removeQueuedObjects, type MovedKind } from "../../leads/files";
import { getLeadFile } from "../../leads/inbox";
import type { ObjectStorage } from "../../platform/object-storage";
import { drivers, testDatabasePerFile } from "../../../test-support/databases";
import { insertLead } from "../../../test-support/leads";
import { countedStorage, leadFilesPerBlock, objectBytes, type TestBucket } from "../../../test-support/object-storage";

// The attachments of the buyers' answers read from the company's mailbox in the bucket (decisions
// 0106, 0161): written there before the statement that stores the answer, its row naming the key;
// read back through the desk's store; kept in the database while the bucket is down; removed with
// the lead. Against s3rver, on PGlite and PostgreSQL.

const techPack = Buffer.from(`%PDF-1.4 the buyer's revised tech pack ${"measurements ".repeat(2_000)}`);
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

type FileRow = { id: number | string; lead_id: number | string; content: Uint8Array | null; object_key: string | null; size: number | string; sha256: string };
const fileRows = (db: Database) => rows<FileRow>(db, sql`select id, lead_id, content, object_key, size, sha256 from lead_files order by id`);

describe.each(drivers)("the mailbox's attachments in object storage, on %s", (driver) => {
  const t = testDatabasePerFile(driver);
  let bucket: TestBucket;
  let storage: ObjectStorage;
  const { warnings, files } = leadFilesPerBlock((started) => ({ bucket, storage } = started));

  /** A quote lead and a buyer's answer to it (threaded by the reference in its subject, from the lead's own address) with a tech pack. */
  async function leadAndAnswer(messageId = "<answer-1@nordic.example>") {
    const id = await insertLead(t.db, { form: "quote", fields: { name: "Anna", email: "anna@nordic.example" } });
    const [{ reference }] = (await rows<{ reference: string }>(t.db, sql`select reference from leads where id = ${id}`)) as [{ reference: string }];
    const answer: InboundMessage = {
      messageId,
      inReplyTo: null,
      references: [],
      from: "Anna Berg <anna@nordic.example>",
      fromAddress: "anna@nordic.example",
      to: "sales@ssl.test",
      subject: `Re: your quotation [${reference}]`,
      at: new Date("2026-11-20T09:00:00Z"),
      text: "The revised tech pack is attached.",
      attachments: [{ filename: "tech-pack-v2.pdf", contentType: "application/pdf", content: techPack }],
    };
    return { id, answer };
  }
  const store = (db: Database, answer: InboundMessage, leadFiles: LeadFiles, lastUid = 1) =>
    storeInboundMessages(db, { mailbox: "INBOX", uidValidity: 1, lastUid, messages: [answer], files: leadFiles });

  it("an answer's attachment goes to the bucket under an unguessable key, its row keeping key, size and SHA-256 and no bytes; the desk streams it from there", async () => {
    const { id, answer } = await leadAndAnswer();
    expect(await store(t.db, answer, files())).toEqual([{ messageId: answer.messageId, leadId: id, stored: true, inDesk: true }]);
    const [file] = await fileRows(t.db);
    expect(Number(file!.lead_id)).toBe(id);
    expect(file!.content).toBeNull();
    expect(file!.object_key).toMatch(/^lead-files\/[A-Za-z0-9_-]{32}$/);
    expect(Number(file!.size)).toBe(techPack.byteLength);
    expect(file!.sha256).toBe(sha256(techPack));
    expect(await objectBytes(storage, file!.object_key!)).toEqual(techPack);

    // The desk's download (getLeadFile, then LeadFiles.open) through another instance on the same database and bucket.
    const other = await t.anotherInstance();
    const found = await getLeadFile(other, ["quote"], id, Number(file!.id));
    if (!found.ok) throw new Error("the attachment is not found through the other instance");
    expect(found.value).toMatchObject({ filename: "tech-pack-v2.pdf", contentType: "application/pdf", size: techPack.byteLength, content: null });
    expect(Buffer.from(await new Response(await files().open(found.value)).arrayBuffer())).toEqual(techPack);
  });

  it("an answer read again (a restart, another instance) sends nothing to the bucket; two readers at once leave one object, the other's removed", async () => {
    const { answer } = await leadAndAnswer();
    const bucketCounted = countedStorage(storage);
    await store(t.db, answer, files(bucketCounted.storage));
    expect(await store(t.db, answer, files(bucketCounted.storage), 2)).toMatchObject([{ stored: false, inDesk: true }]);
    expect(bucketCounted.puts).toHaveLength(1);
    expect(bucketCounted.deletes).toEqual([]);

    const second = { ...answer, messageId: "<answer-2@nordic.example>" };
    const other = await t.anotherInstance();
    const both = await Promise.all([store(t.db, second, files(bucketCounted.storage), 3), store(other, second, files(bucketCounted.storage), 3)]);
    expect(both.map(([result]) => result!.stored).sort()).toEqual([false, true]);
    const named = (await fileRows(t.db)).map((file) => file.object_key);
    expect(named).toHaveLength(2);
    // Each key written is named by a row or removed, none both.
    for (const key of bucketCounted.puts) expect(named.includes(key)).not.toBe(bucketCounted.deletes.includes(key));
    for (const key of bucketCounted.deletes) expect(await objectBytes(storage, key)).toBeUndefined();
  });

  it("the bucket down: the answer is stored with its attachment in the database, and the move takes it to the bucket later", async () => {
    const { id, answer } = await leadAndAnswer();
    await bucket.stop();
    expect(await store(t.db, answer, files())).toMatchObject([{ leadId: id, stored: true, inDesk: true }]);
    const [file] = await fileRows(t.db);
    expect(file!.object_key).toBeNull();
    expect(Buffer.from(file!.content!)).toEqual(techPack);
    expect(file!.sha256).toBe(sha256(techPack));
    expect(warnings).toEqual([expect.stringMatching(/^A lead's file is kept in the database: object storage: put failed/)]);
    expect(warnings.join("")).not.toContain(bucket.settings.secretAccessKey);

    await bucket.start();
    // The attachment (and the test lead's own .eml, kept in the database by insertLead).
    const moved: MovedKind[] = [];
    expect(await moveFilesToObjectStorage(t.db, storage, { onMoved: (_id, kind) => moved.push(kind) })).toMatchObject({ failed: 0, stopped: false });
    expect(moved.filter((kind) => kind === "file")).toHaveLength(1);
    const [inBucket] = await fileRows(t.db);
    expect(inBucket!.content).toBeNull();
    expect(await objectBytes(storage, inBucket!.object_key!)).toEqual(techPack);
  });

  it("a deleted lead's answer attachments are queued with the delete and removed from the bucket by the retention's sweep", async () => {
    const { id, answer } = await leadAndAnswer();
    await store(t.db, answer, files());
    const [file] = await fileRows(t.db);
    expect(await deleteLeads(t.db, [id])).toBe(1);
    expect(await objectBytes(storage, file!.object_key!)).toBeDefined();
    expect(await removeQueuedObjects(t.db, storage)).toBe(1);
    expect(await objectBytes(storage, file!.object_key!)).toBeUndefined();
    expect(await rows(t.db, sql`select * from object_removals`)).toEqual([]);
  });
});

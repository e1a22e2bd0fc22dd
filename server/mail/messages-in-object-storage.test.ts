import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { rows, type Database } from "../db/db";
import { deleteLeads } from "../leads/deletion";
import { LeadFiles, moveFilesToObjectStorage, removeQueuedObjects, sha256Of, type MovedKind } from "../leads/files";
import { queueSiteMail } from "../leads/outbox";
import { LeadStore } from "../leads/store";
import type { ObjectStorage } from "../platform/object-storage";
import { MailRelay } from "./relay";
import { drivers, testDatabasePerFile } from "../../test-support/databases";
import { numberedApplication } from "../../test-support/leads";
import { objectBytes, testBucketPerBlock, type TestBucket } from "../../test-support/object-storage";
import { startTestSmtp, type ReceivedMail } from "../../test-support/smtp-server";

// A lead's .eml and a mail job's own message in the bucket (decision 0161, "Refined: the mail and the
// quotations' PDFs"): written there, streamed from there by the relay, kept in the database when the
// bucket is down, moved there once by the move command. Against s3rver and a real SMTP server.

const application = numberedApplication;
/** A company notification of some size (a quote's tech packs ride in the .eml): 50 kB of body. */
const emlOf = (subject: string) =>
  Buffer.from(
    `From: Website <web@ssl.test>\r\nTo: hr@ssl.test\r\nSubject: ${subject}\r\nMessage-ID: <${subject.replace(/\W/g, "")}@ssl.test>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${"knitwear QC line\r\n".repeat(3_000)}`,
  );

type LeadRow = { id: number | string; eml: Uint8Array | null; eml_key: string | null; eml_size: number | string | null; eml_sha256: string | null };
const leadRows = (db: Database) => rows<LeadRow>(db, sql`select id, eml, eml_key, eml_size, eml_sha256 from leads order by id`);

const bytesOf = objectBytes;

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 8000) {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.each(drivers)("the mail's messages in object storage, on %s", (driver) => {
  const t = testDatabasePerFile(driver);
  let bucket: TestBucket;
  let storage: ObjectStorage;
  let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
  let received: ReceivedMail[];
  const relays: MailRelay[] = [];
  const warnings: string[] = [];
  const files = () => new LeadFiles(storage, (line) => void warnings.push(line));
  const relayWith = (leadFiles: LeadFiles) => {
    const relay = new MailRelay(t.db, { smtpUrl: smtp.url, envelope: { from: "web@ssl.test", to: ["hr@ssl.test"] }, retryBaseMs: 50, files: leadFiles });
    relays.push(relay);
    return relay;
  };
  const sent = () => rows<{ sent: boolean; attempts: number }>(t.db, sql`select sent_at is not null as sent, attempts from mail_jobs order by id`);

  testBucketPerBlock((started) => ({ bucket, storage } = started));
  beforeEach(async () => {
    warnings.length = 0;
    received = [];
    smtp = await startTestSmtp({ received });
  });
  afterEach(async () => {
    for (const relay of relays.splice(0)) {
      relay.close();
      await relay.idle();
    }
    await smtp.close();
  });

  it("a lead's .eml is written to the bucket (the row keeps key, size, SHA-256, no bytes) and the relay sends it from there", async () => {
    const eml = emlOf("Job application 1");
    const { id } = await new LeadStore(t.db, { files: files() }).accept(application(1), { eml });
    const [lead] = await leadRows(t.db);
    expect(Number(lead!.id)).toBe(id);
    expect(lead!.eml).toBeNull();
    expect(lead!.eml_key).toMatch(/^lead-mail\/[A-Za-z0-9_-]{32}$/);
    expect(Number(lead!.eml_size)).toBe(eml.byteLength);
    expect(lead!.eml_sha256).toBe(sha256Of(eml));
    expect(await bytesOf(storage, lead!.eml_key!)).toEqual(eml);

    relayWith(files()).kick();
    await until(() => received.length === 1);
    expect(received[0]!.to).toEqual(["hr@ssl.test"]);
    expect(received[0]!.mail.subject).toBe("Job application 1");
    expect(received[0]!.mail.text).toBe(eml.toString("utf8").split("\r\n\r\n")[1]!.replace(/\r\n/g, "\n"));
    await until(async () => (await sent())[0]?.sent === true);
  });

  it("the bucket down when a lead comes: its .eml is kept in the database, the lead acknowledged and mailed; the move takes it later", async () => {
    await bucket.stop();
    const eml = emlOf("Job application 2");
    const { id } = await new LeadStore(t.db, { files: files() }).accept(application(2), { eml });
    expect(id).toBeGreaterThan(0);
    const [lead] = await leadRows(t.db);
    expect(lead!.eml_key).toBeNull();
    expect(Buffer.from(lead!.eml!)).toEqual(eml);
    expect(warnings).toContainEqual(expect.stringMatching(/^A lead's message is kept in the database: object storage: put failed/));

    relayWith(files()).kick();
    await until(() => received.length === 1);
    expect(received[0]!.mail.subject).toBe("Job application 2");

    await bucket.start();
    const moved: MovedKind[] = [];
    expect(await moveFilesToObjectStorage(t.db, storage, { onMoved: (_id, kind) => moved.push(kind) })).toEqual({ moved: 2, failed: 0, stopped: false });
    expect(moved.sort()).toEqual(["file", "lead-mail"]);
    const [after] = await leadRows(t.db);
    expect(after!.eml).toBeNull();
    expect(await bytesOf(storage, after!.eml_key!)).toEqual(eml);
  });

  it("the bucket down when the relay reads a message from it: the job is kept and sent once the bucket is back", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    await new LeadStore(t.db, { files: files() }).accept(application(3), { eml: emlOf("Job application 3") });
    await bucket.stop();
    const relay = relayWith(files());
    relay.kick();
    await until(async () => (await sent())[0]!.attempts >= 1);
    await relay.idle();
    expect(await sent()).toEqual([{ sent: false, attempts: expect.any(Number) }]);
    expect(received).toEqual([]);
    expect(vi.mocked(console.error).mock.calls.flat().join(" ")).toMatch(/object storage: get failed/);

    await bucket.start();
    relay.kick();
    await until(() => received.length === 1);
    expect(received[0]!.mail.subject).toBe("Job application 3");
    await until(async () => (await sent())[0]!.sent);
    vi.mocked(console.error).mockRestore();
  });

  it("the move takes the leads' .eml and the mail jobs' own messages to the bucket once each, stopped and resumed; the relay then sends them from there", async () => {
    const inDatabase = new LeadStore(t.db);
    const emls = [4, 5, 6].map((n) => emlOf(`Job application ${n}`));
    for (const [i, eml] of emls.entries()) await inDatabase.accept(application(4 + i), { eml });
    const reminder = emlOf("A certificate expires");
    expect(await queueSiteMail(t.db, { kind: "certificate-expiry:test", eml: reminder, recipients: "admin@ssl.test" })).toBe(true);

    const stop = new AbortController();
    const first: [number | string, MovedKind][] = [];
    const halfway = await moveFilesToObjectStorage(t.db, storage, {
      signal: stop.signal,
      onMoved: (id, kind) => {
        first.push([id, kind]);
        if (kind === "lead-mail") stop.abort();
      },
    });
    expect(halfway).toEqual({ moved: 4, failed: 0, stopped: true });
    expect(first.map(([, kind]) => kind)).toEqual(["file", "file", "file", "lead-mail"]);

    const second = await moveFilesToObjectStorage(t.db, storage);
    expect(second).toEqual({ moved: 3, failed: 0, stopped: false });
    expect(await moveFilesToObjectStorage(t.db, storage)).toEqual({ moved: 0, failed: 0, stopped: false });

    const leadsAfter = await leadRows(t.db);
    expect(new Set(leadsAfter.map((l) => l.eml_key)).size).toBe(3);
    for (const [i, lead] of leadsAfter.entries()) {
      expect(lead.eml).toBeNull();
      expect(lead.eml_sha256).toBe(sha256Of(emls[i]!));
      expect(await bytesOf(storage, lead.eml_key!)).toEqual(emls[i]);
    }
    const [job] = await rows<{ eml: Uint8Array | null; eml_key: string | null }>(t.db, sql`select eml, eml_key from mail_jobs where lead_id is null`);
    expect(job!.eml).toBeNull();
    expect(job!.eml_key).toMatch(/^mail-jobs\//);
    expect(await bytesOf(storage, job!.eml_key!)).toEqual(reminder);

    relayWith(files()).kick();
    await until(() => received.length === 4);
    expect(received.map((r) => r.mail.subject).sort()).toEqual(["A certificate expires", "Job application 4", "Job application 5", "Job application 6"]);
    expect(received.find((r) => r.mail.subject === "A certificate expires")!.to).toEqual(["admin@ssl.test"]);
  });

  it("a deleted lead's .eml is queued with the delete and removed from the bucket", async () => {
    const { id } = await new LeadStore(t.db, { files: files() }).accept(application(7), { eml: emlOf("Job application 7") });
    const [lead] = await leadRows(t.db);
    expect(await deleteLeads(t.db, [id])).toBe(1);
    expect((await rows<{ object_key: string }>(t.db, sql`select object_key from object_removals`)).map((r) => r.object_key)).toContain(lead!.eml_key);
    expect(await removeQueuedObjects(t.db, storage)).toBe(2);
    expect(await bytesOf(storage, lead!.eml_key!)).toBeUndefined();
  });
});

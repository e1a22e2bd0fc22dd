import { sql } from "drizzle-orm";
import MailComposer from "nodemailer/lib/mail-composer";
import type Mail from "nodemailer/lib/mailer";
import { afterEach, describe, expect } from "vitest";
import { startTestDovecot, type TestDovecot } from "../../../scripts/test-setup/test-dovecot.mjs";
import { aboveTheStore, drivers, onBothDrivers, testDatabasePerFile } from "../../../test-support/databases";
import { insertLead } from "../../../test-support/leads";
import { objectBytes, startTestObjectStorage } from "../../../test-support/object-storage";
import { resumeSamples } from "../../../test-support/resume-samples";
import { LeadFiles } from "../../leads/files";
import { objectStorage } from "../../platform/object-storage";
import { inboundCursor, leadMessagesOf, storeReply } from "../../leads/conversations";
import { rows, type Database } from "../../db/db";
import { answerNotifier } from "./answer-notice";
import { startImapReader, type ImapReader, type ImapReaderOptions } from "./imap-reader";
import { imapSettingsFrom } from "./imap-settings";

// The reader against a real IMAP server (Debian's Dovecot, scripts/test-setup/test-dovecot.mjs)
// and a real database (PGlite and PostgreSQL): mail is delivered by IMAP APPEND, as a mail server
// leaves it in the mailbox, and what the reader did is read back from the database and the mailbox.

const allTypes = ["contact", "career", "quote"] as const;
const sam = { id: "u-sales", name: "Sam Sales", email: "sam@ssl.test" };
/** Long enough for a loaded 2-core machine; every wait ends as soon as its condition holds. */
const soon = { timeout: 20_000, interval: 50 };
const testTimeout = 60_000;

const email = (options: Mail.Options) =>
  new MailComposer({ from: "Anna Berg <anna@nordic.example>", to: "sales@ssl.test", date: new Date(), text: "Hello.", ...options }).compile().build();

async function addStaff(db: Database, { id, name, email }: typeof sam) {
  await db.execute(sql`insert into staff_users (id, name, email, role) values (${id}, ${name}, ${email}, 'sales') on conflict do nothing`);
}

/** The leads an inbound message was stored in (one at most). */
async function inboundOf(db: Database, messageId: string): Promise<number[]> {
  const found = await rows<{ lead_id: number | string }>(db, sql`select lead_id from lead_messages where direction = 'in' and message_id = ${messageId}`);
  return found.map((r) => Number(r.lead_id));
}

const countInbound = async (db: Database) =>
  Number((await rows<{ n: number | string }>(db, sql`select count(*) as n from lead_messages where direction = 'in'`))[0]!.n);

// The two drivers run side by side, each its tests in order (`it.sequential`: they share the file's
// database): each test has Dovecot servers of its own, and most of its time is spent waiting on the
// IMAP server, the reader's polls and its backoff, not on the cores. Each test asserts with its own
// `expect` (the test context's), which knows its test while the other driver's test runs too.
describe.each(drivers)("the mailbox reader on %s", { concurrent: true }, (driver) => {
  // Two readers on one database (each message stored once), NUL bytes and a refusal by the database (a driver's error) on both; the reading on PGlite (decision 0143).
  const it = aboveTheStore(driver);
  const t = testDatabasePerFile(driver);
  // Servers are kept as they start: one still starting when a test fails is closed all the same.
  const running: { readers: ImapReader[]; servers: Promise<TestDovecot>[] } = { readers: [], servers: [] };
  afterEach(async () => {
    await Promise.all(running.readers.splice(0).map((r) => r.stop()));
    await Promise.all(
      running.servers.splice(0).map((s) =>
        s.then(
          (server) => server.close(),
          () => {},
        ),
      ),
    );
  }, testTimeout);

  function dovecot(options?: { idle?: boolean }) {
    const server = startTestDovecot(options);
    running.servers.push(server);
    return server;
  }

  function reader(server: TestDovecot, options: Partial<ImapReaderOptions> = {}, onLine: (line: string) => void = () => {}) {
    const log: string[] = [];
    const started = startImapReader({
      settings: imapSettingsFrom(server.url),
      db: t.db,
      notify: answerNotifier({ from: "SSL website <website@ssl.test>", deskOrigin: () => "https://www.ssl.test" }),
      pollMs: 200,
      backoff: { firstMs: 100, maxMs: 800 },
      log: {
        info: (line) => onLine(log[log.push(line) - 1]!),
        warn: (line) => onLine(log[log.push(`warn: ${line}`) - 1]!),
      },
      ...options,
    });
    running.readers.push(started);
    return { ...started, log };
  }

  /** A quote lead assigned to Sam, answered once from the desk (so the buyer has a Message-ID to reply to), read by Sam. */
  async function answeredLead() {
    await addStaff(t.db, sam);
    const leadId = await insertLead(t.db, { form: "quote", fields: { name: "Anna Berg", email: "anna@nordic.example" } });
    await t.db.execute(sql`update leads set assignee_id = ${sam.id} where id = ${leadId}`);
    const [{ reference }] = (await rows<{ reference: string }>(t.db, sql`select reference from leads where id = ${leadId}`)) as [{ reference: string }];
    const reply = {
      messageId: `<reply-${leadId}@ssl.test>`,
      inReplyTo: null,
      references: [],
      from: "Sam Sales via SSL <sales@ssl.test>",
      to: "anna@nordic.example",
      subject: `Re: Knitted polo [${reference}]`,
      body: "Dear Anna, our price is USD 4.20.",
      attachments: [],
      eml: Buffer.from("Subject: Re\r\n\r\nDear Anna\r\n"),
      recipients: ["anna@nordic.example"],
    };
    expect(await storeReply(t.db, { types: allTypes, actor: sam, leadId, reply, firstStatus: "in_progress" })).toMatchObject({ ok: true });
    await t.db.execute(sql`insert into lead_reads (lead_id, staff_id) values (${leadId}, ${sam.id})`);
    return { leadId, reference, replyId: reply.messageId };
  }

  it.sequential(
    "threads the buyer's reply to a stored Message-ID into its lead: text, file (in the bucket), unread, waiting, the assignee told, \\Seen in the mailbox",
    async ({ expect, onTestFinished }) => {
      const [server, { leadId, reference, replyId }, bucket] = await Promise.all([dovecot(), answeredLead(), startTestObjectStorage()]);
      onTestFinished(() => bucket.close());
      reader(server, { files: new LeadFiles(objectStorage(bucket.settings)) });
      const uid = await server.append(
        await email({
          messageId: "<answer-1@nordic.example>",
          inReplyTo: replyId,
          references: [replyId],
          subject: "Re: Knitted polo",
          text: undefined,
          html: "<p>Could you do <b>2,000</b> pieces?</p>",
          attachments: [{ filename: "artwork.pdf", content: Buffer.from(resumeSamples.pdf) }],
        }),
      );

      await expect.poll(() => inboundOf(t.db, "<answer-1@nordic.example>"), soon).toEqual([leadId]);
      const messages = await leadMessagesOf(t.db, leadId);
      expect(messages.find((m) => m.direction === "in")).toMatchObject({
        from: "Anna Berg <anna@nordic.example>",
        body: "Could you do 2,000 pieces?",
        files: [{ filename: "artwork.pdf", contentType: "application/pdf" }],
      });
      // With a bucket, the file lies there (decision 0161), its row naming it.
      const [file] = await rows<{ content: Uint8Array | null; object_key: string | null }>(
        t.db,
        sql`select content, object_key from lead_files where message_id is not null and lead_id = ${leadId}`,
      );
      expect(file!.content).toBeNull();
      expect(await objectBytes(objectStorage(bucket.settings), file!.object_key!)).toEqual(Buffer.from(resumeSamples.pdf));

      const [lead] = await rows<{ awaiting_since: unknown; reads: number | string }>(
        t.db,
        sql`select awaiting_since, (select count(*) from lead_reads where lead_id = ${leadId}) as reads from leads where id = ${leadId}`,
      );
      expect(lead!.awaiting_since).not.toBeNull();
      expect(Number(lead!.reads)).toBe(0);

      const jobs = await rows<{ recipients: string; eml: Buffer }>(
        t.db,
        sql`select recipients, eml from mail_jobs where lead_id = ${leadId} and kind like 'answered:%'`,
      );
      expect(jobs.map((j) => j.recipients)).toEqual([sam.email]);
      const notice = Buffer.from(jobs[0]!.eml).toString("utf8");
      expect(notice).toContain(`Subject: New message on ${reference} (quote)`);
      expect(notice).toContain(`https://www.ssl.test/staff/leads/${leadId}`);
      // Nothing the buyer wrote goes out in the company's mail.
      expect(notice).not.toMatch(/2,000|Anna|artwork/);

      await expect.poll(async () => (await server.messages()).find((m) => m.uid === uid)?.flags, soon).toContain("\\Seen");
    },
    testTimeout,
  );

  it.sequential(
    "threads a message that only quotes the lead's reference in its subject, on a server without IDLE (polling)",
    async ({ expect }) => {
      const server = await dovecot({ idle: false });
      const leadId = await insertLead(t.db, { form: "contact", fields: { name: "Bo", email: "bo@shop.example", subject: "Samples" } });
      const [{ reference }] = (await rows<{ reference: string }>(t.db, sql`select reference from leads where id = ${leadId}`)) as [{ reference: string }];
      const started = reader(server);
      await expect.poll(() => started.log.join("\n"), soon).toContain("no IDLE: polling every 0.2 s");
      // A stranger quoting the (sequential, guessable) reference is not the lead's sender: left unread, stored nowhere.
      const stranger = await server.append(
        await email({ from: "Bo <mallory@evil.example>", messageId: "<mallory@evil.example>", subject: `Samples [${reference}]`, text: "Pay here." }),
      );
      await server.append(
        await email({
          from: "Bo <Bo@Shop.example>",
          messageId: "<tag-only@shop.example>",
          subject: `Samples [${reference.toLowerCase()}] — our address`,
          text: "Send them to Oslo.",
        }),
      );
      await expect.poll(() => inboundOf(t.db, "<tag-only@shop.example>"), soon).toEqual([leadId]);
      expect((await leadMessagesOf(t.db, leadId)).map((m) => m.body)).toEqual(["Send them to Oslo."]);
      expect(await inboundOf(t.db, "<mallory@evil.example>")).toEqual([]);
      expect((await server.messages()).find((m) => m.uid === stranger)?.flags).not.toContain("\\Seen");
    },
    testTimeout,
  );

  it.sequential(
    "leaves a message that answers no lead unread in the mailbox and stores nothing of it, and reads on past it",
    async ({ expect }) => {
      const [server, { replyId }] = await Promise.all([dovecot(), answeredLead()]);
      const unrelated = await server.append(
        await email({ messageId: "<newsletter@vendor.example>", subject: "Our autumn offers [Z-2026-00001]", text: "Buy now." }),
      );
      const ours = await server.append(
        await email({ messageId: "<site-own@ssl.test>", subject: "Quote request Q-2026-00001 [Q-2026-00001]", headers: { "X-SSL-Form": "quote" } }),
      );
      const away = await server.append(
        await email({ messageId: "<away@nordic.example>", inReplyTo: replyId, subject: "Automatic reply", headers: { "Auto-Submitted": "auto-replied" } }),
      );
      const answer = await server.append(await email({ messageId: "<answer-2@nordic.example>", inReplyTo: replyId, subject: "Re: price" }));
      const started = reader(server);

      await expect.poll(() => inboundOf(t.db, "<answer-2@nordic.example>"), soon).toHaveLength(1);
      expect(await countInbound(t.db)).toBe(1);
      const label = imapSettingsFrom(server.url).label;
      expect((await inboundCursor(t.db, label))?.lastUid).toBe(answer);
      const flags = new Map((await server.messages()).map((m) => [m.uid, m.flags]));
      for (const uid of [unrelated, ours, away]) expect(flags.get(uid)).not.toContain("\\Seen");
      await expect.poll(async () => new Map((await server.messages()).map((m) => [m.uid, m.flags])).get(answer), soon).toContain("\\Seen");
      expect(started.log.filter((l) => l.startsWith("warn:"))).toEqual([]);
    },
    testTimeout,
  );

  onBothDrivers.sequential(
    "stores each message once when two readers read the same mailbox, each as a server instance of its own on the one database",
    async ({ expect }) => {
      const [server, { leadId, replyId }] = await Promise.all([dovecot(), answeredLead()]);
      reader(server, { batchSize: 3 });
      // On PostgreSQL the second reader has a connection pool of its own, as a second server process
      // would; PGlite is one process's database, which two instances cannot share.
      reader(server, { batchSize: 3, db: await t.anotherInstance() });
      await server.appendAll(
        await Promise.all(
          Array.from({ length: 12 }, (_, i) => email({ messageId: `<twice-${i + 1}@nordic.example>`, inReplyTo: replyId, subject: `Re: ${i + 1}` })),
        ),
      );

      await expect.poll(() => countInbound(t.db), soon).toBe(12);
      // Both readers have looked at every message before the counts are taken.
      const label = imapSettingsFrom(server.url).label;
      await expect.poll(async () => (await inboundCursor(t.db, label))?.lastUid, soon).toBe(12);
      await expect.poll(async () => (await server.messages()).every((m) => m.flags.includes("\\Seen")), soon).toBe(true);
      const [counts] = await rows<{ messages: number | string; jobs: number | string; ids: number | string }>(
        t.db,
        sql`select (select count(*) from lead_messages where direction = 'in') as messages, (select count(distinct message_id) from lead_messages where direction = 'in') as ids,
          (select count(*) from mail_jobs where lead_id = ${leadId} and kind like 'answered:%') as jobs`,
      );
      expect({ messages: Number(counts!.messages), ids: Number(counts!.ids), jobs: Number(counts!.jobs) }).toEqual({ messages: 12, ids: 12, jobs: 12 });
    },
    testTimeout,
  );

  it.sequential(
    "resumes from its cursor after a restart in the middle of a mailbox, storing nothing twice",
    async ({ expect }) => {
      const [server, { replyId }] = await Promise.all([dovecot(), answeredLead()]);
      await server.appendAll(
        await Promise.all(
          Array.from({ length: 15 }, (_, i) => email({ messageId: `<restart-${i + 1}@nordic.example>`, inReplyTo: replyId, subject: `Re: ${i + 1}` })),
        ),
      );
      // The first reader is stopped as it logs its first stored batch: before it fetches the next.
      let stopping: Promise<void> | undefined;
      const first = reader(server, { batchSize: 2 }, (line) => {
        if (line.includes("threaded into leads")) stopping ??= first.stop();
      });
      await expect.poll(() => stopping !== undefined, soon).toBe(true);
      await stopping;
      expect(await countInbound(t.db)).toBe(2);

      const second = reader(server, { batchSize: 2 });
      await expect.poll(() => countInbound(t.db), soon).toBe(15);
      const [distinct] = await rows<{ n: number | string }>(t.db, sql`select count(distinct message_id) as n from lead_messages where direction = 'in'`);
      expect(Number(distinct!.n)).toBe(15);
      // The second reader went on where the first stopped: the other 13 are its.
      const storedBySecond = second.log.map((l) => Number(/^imap: (\d+) answers? /.exec(l)?.[1] ?? 0)).reduce((a, b) => a + b, 0);
      expect(storedBySecond).toBe(13);
    },
    testTimeout,
  );

  it.sequential(
    "goes on after the IMAP server is down for a while: each failed attempt logged, nothing lost or stored twice once it is back",
    async ({ expect }) => {
      const [server, { replyId }] = await Promise.all([dovecot(), answeredLead()]);
      const started = reader(server);
      const ids = ["before", "at-stop", "during", "after"].map((when) => `<${when}-outage@nordic.example>`);
      await server.append(await email({ messageId: ids[0], inReplyTo: replyId, subject: "Re: 1" }));
      await expect.poll(() => countInbound(t.db), soon).toBe(1);

      // One more arrives as the server goes down (read or not before it stops), one while it is down.
      await server.append(await email({ messageId: ids[1], inReplyTo: replyId, subject: "Re: 2" }));
      await server.stop();
      await server.deliverToMaildir(await email({ messageId: ids[2], inReplyTo: replyId, subject: "Re: 3" }));
      // Down for six failed attempts: with the waits here (0.1 s doubling to 0.8 s) about 3 s, as the
      // default waits (1 s doubling) make five attempts of a 30 s outage.
      const failures = () => started.log.filter((l) => l.startsWith("warn:") && l.includes("trying again")).length;
      await expect.poll(failures, soon).toBeGreaterThanOrEqual(6);
      expect(await inboundOf(t.db, ids[2]!)).toEqual([]);
      await server.start();
      await server.append(await email({ messageId: ids[3], inReplyTo: replyId, subject: "Re: 4" }));

      // Nothing lost: each of the four once; nothing twice: four messages stored in all, the mailbox all read.
      for (const id of ids) await expect.poll(() => inboundOf(t.db, id), soon).toHaveLength(1);
      expect(await countInbound(t.db)).toBe(4);
      // (Dovecot numbers the one delivered while it was down when it next looks: maybe after the last.)
      await expect
        .poll(async () => (await server.messages()).map((m) => [m.messageId, m.flags.includes("\\Seen")]).sort(), soon)
        .toEqual(ids.map((id) => [id, true]).sort());
      const warnings = started.log.filter((l) => l.startsWith("warn:"));
      expect(warnings.join("\n")).toMatch(/ECONNREFUSED/);
      // Capped: the waits double from 0.1 s and stop at 0.8 s.
      expect(warnings.map((l) => /trying again in ([\d.]+) s/.exec(l)?.[1])).toEqual(expect.arrayContaining(["0.1", "0.2", "0.4", "0.8"]));
      expect(Math.max(...warnings.map((l) => Number(/trying again in ([\d.]+) s/.exec(l)?.[1] ?? 0)))).toBe(0.8);
      expect(started.log.join("\n")).toMatch(/reachable again after \d+ failed attempts/);
    },
    testTimeout,
  );

  onBothDrivers.sequential(
    "reads on past messages that once stopped it: NUL in the text, subject and a file's name, 40,000 References; the buyer's answer after them reaches the lead",
    async ({ expect }) => {
      const [server, { leadId, replyId }] = await Promise.all([dovecot(), answeredLead()]);
      const pdf = Buffer.from(resumeSamples.pdf).toString("base64");
      const nul = Buffer.from(
        [
          "From: Anna Berg <anna@nordic.example>",
          "To: sales@ssl.test",
          "Subject: =?utf-8?q?a=00b?=",
          "Message-ID: <nul@nordic.example>",
          `In-Reply-To: ${replyId}`,
          "MIME-Version: 1.0",
          'Content-Type: multipart/mixed; boundary="b"',
          "",
          "--b",
          "Content-Type: text/plain; charset=utf-8",
          "Content-Transfer-Encoding: quoted-printable",
          "",
          "one=00two",
          "--b",
          "Content-Type: application/pdf",
          "Content-Disposition: attachment; filename*=utf-8''a%00b.pdf",
          "Content-Transfer-Encoding: base64",
          "",
          pdf,
          "--b--",
          "",
        ].join("\r\n"),
      );
      const references = [...Array.from({ length: 40_000 }, (_, i) => `<r${i}@x.example>`), replyId];
      await server.appendAll([
        nul,
        await email({ messageId: "<many@nordic.example>", inReplyTo: replyId, references, subject: "Re: many", text: "Long thread." }),
        await email({ messageId: "<after@nordic.example>", inReplyTo: replyId, subject: "Re: price", text: "We accept." }),
      ]);
      reader(server);

      await expect.poll(() => inboundOf(t.db, "<after@nordic.example>"), soon).toEqual([leadId]);
      const inbound = (await leadMessagesOf(t.db, leadId)).filter((m) => m.direction === "in");
      expect(inbound.map((m) => [m.subject, m.body, m.files.map((f) => f.filename)])).toEqual([
        ["ab", "onetwo", ["ab.pdf"]],
        ["Re: many", "Long thread.", []],
        ["Re: price", "We accept.", []],
      ]);
      await expect.poll(async () => (await server.messages()).every((m) => m.flags.includes("\\Seen")), soon).toBe(true);
    },
    testTimeout,
  );

  onBothDrivers.sequential(
    "keeps aside a message the database refuses: left unread, its UID logged without what it says; the answer after it is stored",
    async ({ expect }) => {
      const [server, { leadId, replyId }] = await Promise.all([dovecot(), answeredLead()]);
      // A real refusal by the database, as an unforeseen byte or limit would be: a trigger refusing one text.
      await t.db.execute(
        sql.raw(`create or replace function refuse_poison() returns trigger language plpgsql as $$
      begin if new.body like '%poison%' then raise exception 'refused' using errcode = '22000'; end if; return new; end $$`),
      );
      await t.db.execute(sql.raw("create trigger refuse_poison before insert on lead_messages for each row execute function refuse_poison()"));
      try {
        const [poison, answer] = await server.appendAll([
          await email({ messageId: "<poison@nordic.example>", inReplyTo: replyId, subject: "Re: secret plans", text: "poison" }),
          await email({ messageId: "<answer-3@nordic.example>", inReplyTo: replyId, subject: "Re: price", text: "We accept." }),
        ]);
        const started = reader(server);
        await expect.poll(() => inboundOf(t.db, "<answer-3@nordic.example>"), soon).toEqual([leadId]);
        expect(await inboundOf(t.db, "<poison@nordic.example>")).toEqual([]);
        await expect.poll(async () => (await server.messages()).find((m) => m.uid === answer)?.flags, soon).toContain("\\Seen");
        expect((await server.messages()).find((m) => m.uid === poison)?.flags).not.toContain("\\Seen");
        const warnings = started.log.filter((l) => l.startsWith("warn:"));
        expect(warnings).toEqual([expect.stringContaining(`message UID ${poison} could not be stored (SQLSTATE 22000) and is left unread in the mailbox`)]);
        expect(warnings.join("\n")).not.toMatch(/secret|poison|Anna/);
        expect((await inboundCursor(t.db, imapSettingsFrom(server.url).label))?.lastUid).toBe(answer);
        // The note in the desk's audit log, once, by the system: the UID and the code, nothing the message says.
        const label = imapSettingsFrom(server.url).label;
        expect(
          await rows(
            t.db,
            sql`select actor_email, action, target, detail from staff_audit where action = 'mail.kept-aside' and target = ${`mailbox:${label}`}`,
          ),
        ).toEqual([{ actor_email: "system", action: "mail.kept-aside", target: `mailbox:${label}`, detail: { uid: poison, sqlstate: "22000" } }]);
      } finally {
        await t.db.execute(sql.raw("drop trigger refuse_poison on lead_messages"));
        await t.db.execute(sql.raw("drop function refuse_poison()"));
      }
    },
    testTimeout,
  );

  it.sequential(
    "waits longer after each failed read when the folder opens but the database refuses (clock injected), and reads once it answers",
    async ({ expect }) => {
      const [server, { leadId, replyId }] = await Promise.all([dovecot(), answeredLead()]);
      await server.append(await email({ messageId: "<later@nordic.example>", inReplyTo: replyId, subject: "Re: 1" }));
      await t.db.execute(sql`alter table inbound_cursors rename to inbound_cursors_away`);
      let renamed = true;
      try {
        // The waits run at once: the delays the reader asks for are what it logs.
        const started = reader(server, { setTimer: atOnce });
        const waits = () => started.log.flatMap((l) => (l.startsWith("warn:") ? (/trying again in ([\d.]+) s/.exec(l)?.[1] ?? []) : []));
        await expect.poll(() => waits().length, soon).toBeGreaterThanOrEqual(5);
        expect(waits().slice(0, 5)).toEqual(["0.1", "0.2", "0.4", "0.8", "0.8"]);
        await t.db.execute(sql`alter table inbound_cursors_away rename to inbound_cursors`);
        renamed = false;
        await expect.poll(() => inboundOf(t.db, "<later@nordic.example>"), soon).toEqual([leadId]);
      } finally {
        if (renamed) await t.db.execute(sql`alter table inbound_cursors_away rename to inbound_cursors`);
      }
    },
    testTimeout,
  );

  it.sequential(
    "marks \\Seen only the messages the desk has when Message-IDs repeat: in one batch and later",
    async ({ expect }) => {
      const [server, { leadId, replyId }] = await Promise.all([dovecot(), answeredLead()]);
      const first = await email({ messageId: "<dup@nordic.example>", inReplyTo: replyId, subject: "Re: price", text: "First." });
      const [one, other, again] = await server.appendAll([
        first,
        await email({ messageId: "<dup@nordic.example>", inReplyTo: replyId, subject: "Re: price", text: "Other text." }),
        // The very message delivered twice (a copy): the desk has it.
        first,
      ]);
      reader(server);
      await expect.poll(async () => (await server.messages()).find((m) => m.uid === one)?.flags, soon).toContain("\\Seen");
      const flagsOf = async () => new Map((await server.messages()).map((m) => [m.uid, m.flags.includes("\\Seen")]));
      expect(await flagsOf()).toEqual(
        new Map([
          [one, true],
          [other, false],
          [again, true],
        ]),
      );

      // Later, a message reusing the stored Message-ID with other text; then an answer, read after it.
      const reused = await server.append(await email({ messageId: "<dup@nordic.example>", inReplyTo: replyId, subject: "Re: price", text: "Reused." }));
      const next = await server.append(await email({ messageId: "<next@nordic.example>", inReplyTo: replyId, subject: "Re: next" }));
      await expect.poll(async () => (await flagsOf()).get(next), soon).toBe(true);
      expect((await flagsOf()).get(reused)).toBe(false);
      expect((await leadMessagesOf(t.db, leadId)).filter((m) => m.direction === "in").map((m) => m.body)).toEqual(["First.", "Hello."]);
    },
    testTimeout,
  );
});

/** The backoff's waits (0.8 s at most here) end at once, on the next turn of the event loop; longer ones (IDLE's renewal) take their time. */
const atOnce = (run: () => void, ms: number) => {
  const timer = setTimeout(run, ms <= 800 ? 0 : ms);
  return () => clearTimeout(timer);
};

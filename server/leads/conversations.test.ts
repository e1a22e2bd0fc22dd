import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { drivers, testDatabasePerFile } from "../../test-support/databases";
import { insertLead } from "../../test-support/leads";
import {
  inboundCursor,
  leadMessagesOf,
  matchInbound,
  replyThread,
  storeInboundMessages,
  storeReply,
  type InboundMessage,
  type OutgoingReply,
} from "./conversations";
import { rows, type Database } from "../db/db";
import { deleteLeads } from "./deletion";
import { getLead } from "./inbox";

const allTypes = ["contact", "career", "quote"] as const;
const sam = { id: "u-sales", name: "Sam Sales" };

const reply = (over: Partial<OutgoingReply> = {}): OutgoingReply => ({
  messageId: "<reply-1@ssl.test>",
  inReplyTo: null,
  references: [],
  from: "Sam Sales via SSL <sales@ssl.test>",
  to: "anna@nordic.example",
  subject: "Re: men/tshirt [Q-2026-00001]",
  body: "Dear Anna, thank you.",
  attachments: [],
  eml: Buffer.from("Subject: Re\r\n\r\nDear Anna\r\n"),
  recipients: ["anna@nordic.example"],
  ...over,
});

const inbound = (over: Partial<InboundMessage> = {}): InboundMessage => ({
  messageId: "<answer-1@nordic.example>",
  inReplyTo: null,
  references: [],
  from: "Anna Berg <anna@nordic.example>",
  to: "sales@ssl.test",
  subject: "Re: men/tshirt",
  at: new Date("2026-11-20T09:00:00Z"),
  text: "Could you do 2,000?",
  attachments: [],
  ...over,
});

async function staffUser(db: Database, id: string, name: string, email: string) {
  await db.execute(sql`insert into staff_users (id, name, email, role) values (${id}, ${name}, ${email}, 'sales') on conflict do nothing`);
}

describe.each(drivers)("references and conversations on %s", (driver) => {
  const t = testDatabasePerFile(driver);

  it("gives every lead a reference of its type, counted per prefix and year", async () => {
    const at = new Date("2026-03-01T10:00:00Z");
    const c1 = await insertLead(t.db, { form: "contact", fields: { name: "A", email: "a@x.test" }, receivedAt: at });
    const a1 = await insertLead(t.db, { form: "career", fields: { name: "B", email: "b@x.test" }, receivedAt: at });
    const c2 = await insertLead(t.db, { form: "contact", fields: { name: "C", email: "c@x.test" }, receivedAt: at });
    const q1 = await insertLead(t.db, { form: "quote", fields: { name: "D", email: "d@x.test" }, receivedAt: new Date("2025-12-31T23:00:00Z") });
    const refs = await rows<{ id: number | string; reference: string }>(t.db, sql`select id, reference from leads order by id`);
    expect(Object.fromEntries(refs.map((r) => [Number(r.id), r.reference]))).toEqual({
      [c1]: "C-2026-00001",
      [a1]: "A-2026-00001",
      [c2]: "C-2026-00002",
      [q1]: "Q-2025-00001",
    });
  });

  it("stores a reply with its mail job, sets the first response once and moves a new lead on", async () => {
    const id = await insertLead(t.db, { form: "quote", fields: { name: "Anna", email: "anna@nordic.example" } });
    const file = { filename: "price-list.pdf", contentType: "application/pdf", content: Buffer.from("%PDF-1.4 prices") };
    const first = await storeReply(t.db, { types: allTypes, actor: sam, leadId: id, reply: reply({ attachments: [file] }), firstStatus: "in_progress" });
    expect(first).toMatchObject({ ok: true, duplicate: false, movedTo: "in_progress" });
    // The same form sent again (a double press): one reply, one job.
    expect(
      await storeReply(t.db, { types: allTypes, actor: sam, leadId: id, reply: reply({ attachments: [file] }), firstStatus: "in_progress" }),
    ).toMatchObject({ ok: true, duplicate: true });
    const [lead] = await rows<{ status: string; first_response_at: string | null; awaiting_since: string | null }>(
      t.db,
      sql`select status, first_response_at, awaiting_since from leads where id = ${id}`,
    );
    expect(lead!.status).toBe("in_progress");
    expect(lead!.first_response_at).not.toBeNull();
    expect(lead!.awaiting_since).toBeNull();
    const jobs = await rows<{ kind: string; recipients: string; message_id: string }>(
      t.db,
      sql`select kind, recipients, message_id from mail_jobs where lead_id = ${id}`,
    );
    expect(jobs).toEqual([{ kind: expect.stringMatching(/^reply:\d+$/), recipients: "anna@nordic.example", message_id: "<reply-1@ssl.test>" }]);
    const messages = await leadMessagesOf(t.db, id);
    expect(messages).toMatchObject([
      { direction: "out", sentByName: "Sam Sales", body: "Dear Anna, thank you.", files: [{ filename: "price-list.pdf", size: 15 }] },
    ]);
    // The request's own files stay apart from the messages'.
    const detail = await getLead(t.db, allTypes, id);
    expect(detail.ok && detail.value.files).toEqual([]);

    const firstAt = lead!.first_response_at;
    await storeReply(t.db, { types: allTypes, actor: sam, leadId: id, reply: reply({ messageId: "<reply-2@ssl.test>" }), firstStatus: "in_progress" });
    const [after] = await rows<{ first_response_at: string }>(t.db, sql`select first_response_at from leads where id = ${id}`);
    expect(after!.first_response_at).toEqual(firstAt);
    const history = await rows<{ kind: string; to_value: string }>(t.db, sql`select kind, to_value from lead_events where lead_id = ${id}`);
    expect(history).toEqual([{ kind: "status", to_value: "in_progress" }]);
  });

  it("a lead deleted (on request, by retention) goes with its messages and their files", async () => {
    const id = await insertLead(t.db, { form: "career", fields: { name: "Rahim", email: "r@x.test" } });
    const file = { filename: "offer.pdf", contentType: "application/pdf", content: Buffer.from("%PDF-1.4 offer") };
    await storeReply(t.db, { types: allTypes, actor: sam, leadId: id, reply: reply({ attachments: [file] }), firstStatus: null });
    expect(await deleteLeads(t.db, [id])).toBe(1);
    expect(await rows(t.db, sql`select 1 from lead_messages union all select 1 from lead_files`)).toEqual([]);
  });

  it("refuses a reply to a lead the role may not see, as if it did not exist", async () => {
    const id = await insertLead(t.db, { form: "career", fields: { name: "Rahim", email: "r@x.test" } });
    expect(await storeReply(t.db, { types: ["contact", "quote"], actor: sam, leadId: id, reply: reply(), firstStatus: null })).toEqual({
      ok: false,
      reason: "missing",
    });
    expect(await leadMessagesOf(t.db, id)).toEqual([]);
  });

  it("threads an answer by In-Reply-To or References, else by the subject's tag; stores it once, marks the lead unread and waiting, tells the assignee", async () => {
    await staffUser(t.db, "u-sales", "Sam Sales", "sam@ssl.test");
    const id = await insertLead(t.db, { form: "quote", fields: { name: "Anna", email: "anna@nordic.example" } });
    const other = await insertLead(t.db, { form: "contact", fields: { name: "Bo", email: "bo@x.test" } });
    await t.db.execute(sql`update leads set assignee_id = 'u-sales' where id = ${id}`);
    await storeReply(t.db, { types: allTypes, actor: sam, leadId: id, reply: reply(), firstStatus: "in_progress" });
    await t.db.execute(sql`insert into lead_reads (lead_id, staff_id) values (${id}, 'u-sales'), (${id}, 'u-admin')`);
    const [{ reference }] = (await rows<{ reference: string }>(t.db, sql`select reference from leads where id = ${other}`)) as [{ reference: string }];

    const messages = [
      inbound({
        inReplyTo: "<reply-1@ssl.test>",
        attachments: [{ filename: "spec.pdf", contentType: "application/pdf", content: Buffer.from("%PDF-1.4 spec") }],
      }),
      inbound({ messageId: "<answer-2@nordic.example>", references: ["<unknown@x>", "<reply-1@ssl.test>"] }),
      inbound({ messageId: "<tagged@bo.test>", from: "Bo <Bo@X.test>", fromAddress: "bo@x.test", subject: `Re: hello [${reference}]` }),
      inbound({ messageId: "<spam@elsewhere.test>", subject: "Cheap watches" }),
    ];
    const told: string[] = [];
    const result = await storeInboundMessages(t.db, {
      mailbox: "INBOX",
      uidValidity: 7,
      lastUid: 40,
      messages,
      notify: async (match, message) => {
        told.push(`${match.assignee!.email} ${match.reference} ${message.messageId}`);
        return { recipient: match.assignee!.email, eml: Buffer.from(`Subject: ${match.reference} answered\r\n\r\n.\r\n`) };
      },
    });
    expect(result).toEqual([
      { messageId: "<answer-1@nordic.example>", leadId: id, stored: true, inDesk: true },
      { messageId: "<answer-2@nordic.example>", leadId: id, stored: true, inDesk: true },
      { messageId: "<tagged@bo.test>", leadId: other, stored: true, inDesk: true },
      { messageId: "<spam@elsewhere.test>", leadId: null, stored: false, inDesk: false },
    ]);
    // Only the assigned lead's assignee is told, once per message.
    expect(told).toHaveLength(2);
    expect(await rows(t.db, sql`select 1 from lead_reads where lead_id = ${id}`)).toEqual([]);
    const [lead] = await rows<{ awaiting_since: Date | string }>(t.db, sql`select awaiting_since from leads where id = ${id}`);
    expect(new Date(lead!.awaiting_since).toISOString()).toBe("2026-11-20T09:00:00.000Z");
    const timeline = await leadMessagesOf(t.db, id);
    // Time order: the answers carry the mailbox's arrival time (before the reply was stored today).
    expect(timeline.map((m) => m.direction)).toEqual(["in", "in", "out"]);
    expect(timeline.find((m) => m.files.length)?.files).toMatchObject([{ filename: "spec.pdf" }]);
    expect(await rows(t.db, sql`select 1 from mail_jobs where kind like 'answered:%'`)).toHaveLength(2);
    expect(await inboundCursor(t.db, "INBOX")).toEqual({ uidValidity: 7, lastUid: 40 });

    // Read again (another instance, a restart mid-read): nothing is stored twice, nobody told twice; the cursor never goes back.
    const again = await storeInboundMessages(t.db, {
      mailbox: "INBOX",
      uidValidity: 7,
      lastUid: 38,
      messages,
      notify: async (m) => ({ recipient: m.assignee!.email, eml: Buffer.from("x") }),
    });
    expect(again.map((r) => r.stored)).toEqual([false, false, false, false]);
    // …and the desk has each of them: the reader marks them read.
    expect(again.map((r) => r.inDesk)).toEqual([true, true, true, false]);
    expect(await rows(t.db, sql`select 1 from lead_messages where direction = 'in'`)).toHaveLength(3);
    expect(await rows(t.db, sql`select 1 from mail_jobs where kind like 'answered:%'`)).toHaveLength(2);
    expect(await inboundCursor(t.db, "INBOX")).toEqual({ uidValidity: 7, lastUid: 40 });
    // A new UIDVALIDITY starts the count again.
    await storeInboundMessages(t.db, { mailbox: "INBOX", uidValidity: 8, lastUid: 3, messages: [] });
    expect(await inboundCursor(t.db, "INBOX")).toEqual({ uidValidity: 8, lastUid: 3 });
  });

  it("threads an answer to the buyer's acknowledgement, and a reply continues the thread from the buyer's last message", async () => {
    const id = await insertLead(t.db, { form: "quote", fields: { name: "Anna", email: "anna@nordic.example" } });
    await t.db.execute(
      sql`insert into mail_jobs (lead_id, kind, eml, recipients, message_id) values (${id}, 'acknowledgement', ${Buffer.from("x")}::bytea, 'anna@nordic.example', '<ack-1@ssl.test>')`,
    );
    expect(await replyThread(t.db, id)).toEqual({ inReplyTo: "<ack-1@ssl.test>", references: ["<ack-1@ssl.test>"] });
    const [match] = await matchInbound(t.db, [inbound({ inReplyTo: "<ack-1@ssl.test>" })]);
    expect(match).toMatchObject({ leadId: id, type: "quote", assignee: null });
    await storeInboundMessages(t.db, {
      mailbox: "INBOX",
      uidValidity: 1,
      lastUid: 1,
      messages: [inbound({ inReplyTo: "<ack-1@ssl.test>", references: ["<ack-1@ssl.test>"] })],
    });
    expect(await replyThread(t.db, id)).toEqual({ inReplyTo: "<answer-1@nordic.example>", references: ["<ack-1@ssl.test>", "<answer-1@nordic.example>"] });
  });

  it.each(["contact", "career", "quote"] as const)(
    "threads a %s lead's reference in the subject only from the lead's address or a sender on its thread; a stranger's mail is stored nowhere, in any case of the reference",
    async (form) => {
      await staffUser(t.db, "u-sales", "Sam Sales", "sam@ssl.test");
      const id = await insertLead(t.db, { form, fields: { name: "Anna", email: "Anna@Nordic.example" } });
      await t.db.execute(sql`update leads set assignee_id = 'u-sales' where id = ${id}`);
      await t.db.execute(sql`insert into lead_reads (lead_id, staff_id) values (${id}, 'u-sales')`);
      const [{ reference }] = (await rows<{ reference: string }>(t.db, sql`select reference from leads where id = ${id}`)) as [{ reference: string }];
      const told: string[] = [];
      const store = (messages: InboundMessage[]) =>
        storeInboundMessages(t.db, {
          mailbox: "INBOX",
          uidValidity: 1,
          lastUid: 1,
          messages,
          notify: async (match, message) => {
            told.push(message.messageId);
            return { recipient: match.assignee!.email, eml: Buffer.from("x") };
          },
        });
      const mallory = { from: "Anna Berg <mallory@evil.example>", fromAddress: "mallory@evil.example" };
      const state = async () =>
        (
          await rows<{ awaiting_since: unknown; reads: number | string }>(
            t.db,
            sql`select awaiting_since, (select count(*) from lead_reads where lead_id = ${id})::int as reads from leads where id = ${id}`,
          )
        )[0];
      const before = await state();

      // A stranger who guessed the next reference, in upper and lower case, even naming an address of the lead in the display name.
      const strangers = [
        inbound({ ...mallory, messageId: "<m-1@evil.example>", subject: `Re: [${reference}]` }),
        inbound({ ...mallory, messageId: "<m-2@evil.example>", subject: `Re: [${reference.toLowerCase()}]` }),
        inbound({ from: "anna@nordic.example <mallory@evil.example>", messageId: "<m-3@evil.example>", subject: `[${reference}]` }),
      ];
      expect(await store(strangers)).toEqual(strangers.map((m) => ({ messageId: m.messageId, leadId: null, stored: false, inDesk: false })));
      expect(await matchInbound(t.db, strangers)).toEqual([undefined, undefined, undefined]);
      // Still read, waiting (or not) as before.
      expect(await state()).toEqual(before);
      expect(Number(before!.reads)).toBe(1);
      expect(await leadMessagesOf(t.db, id)).toEqual([]);
      expect(told).toEqual([]);

      // The lead's own address (any case), a lower-case reference: threaded.
      const own = inbound({
        messageId: `<own-${form}@nordic.example>`,
        from: "Anna <ANNA@nordic.EXAMPLE>",
        fromAddress: "anna@nordic.example",
        subject: `Re: [${reference.toLowerCase()}]`,
      });
      expect(await store([own])).toMatchObject([{ leadId: id, stored: true, inDesk: true }]);

      // A reply header naming a Message-ID the company sent for the lead threads from any sender;
      // that sender is then on the thread, and their next mail threads by the reference too.
      await storeReply(t.db, { types: allTypes, actor: sam, leadId: id, reply: reply({ messageId: `<reply-${form}@ssl.test>` }), firstStatus: null });
      const colleague = { from: "Bo <bo@nordic.example>", fromAddress: "bo@nordic.example" };
      expect(
        await store([inbound({ ...colleague, messageId: `<bo-1-${form}@nordic.example>`, references: [`<reply-${form}@ssl.test>`], subject: "Re: samples" })]),
      ).toMatchObject([{ leadId: id, stored: true }]);
      expect(
        await store([inbound({ ...colleague, fromAddress: "BO@nordic.example", messageId: `<bo-2-${form}@nordic.example>`, subject: `About [${reference}]` })]),
      ).toMatchObject([{ leadId: id, stored: true }]);

      // A stranger naming the buyer's own Message-ID (not one the company sent), with the reference: stored nowhere.
      const late = inbound({
        ...mallory,
        messageId: "<m-4@evil.example>",
        inReplyTo: own.messageId,
        references: [own.messageId],
        subject: `Re: [${reference}]`,
      });
      expect(await store([late])).toMatchObject([{ leadId: null, stored: false, inDesk: false }]);
      expect((await leadMessagesOf(t.db, id)).filter((m) => m.direction === "in").map((m) => m.from)).toEqual([
        "Anna <ANNA@nordic.EXAMPLE>",
        "Bo <bo@nordic.example>",
        "Bo <bo@nordic.example>",
      ]);
      expect(told).toEqual([own.messageId, `<bo-1-${form}@nordic.example>`, `<bo-2-${form}@nordic.example>`]);
      // Staff's next reply answers the thread's last inbound message: never the stranger's.
      expect((await replyThread(t.db, id)).inReplyTo).toBe(`<bo-2-${form}@nordic.example>`);
    },
  );

  it("matches a message whose References holds 40,000 Message-IDs, newest first, in one parameter", async () => {
    const id = await insertLead(t.db, { form: "quote", fields: { name: "Anna", email: "anna@nordic.example" } });
    await storeReply(t.db, { types: allTypes, actor: sam, leadId: id, reply: reply({ messageId: "<reply-40k@ssl.test>" }), firstStatus: null });
    const references = [...Array.from({ length: 40_000 }, (_, i) => `<ref-${i}@elsewhere.example>`), "<reply-40k@ssl.test>"];
    const message = inbound({ messageId: "<many-refs@nordic.example>", references });
    expect(await matchInbound(t.db, [message])).toMatchObject([{ leadId: id }]);
    expect(await storeInboundMessages(t.db, { mailbox: "INBOX", uidValidity: 1, lastUid: 1, messages: [message] })).toMatchObject([
      { leadId: id, stored: true },
    ]);
  });

  it("counts a message reusing a stored Message-ID as in the desk only when it is that same message (sender, subject, text, files)", async () => {
    const id = await insertLead(t.db, { form: "quote", fields: { name: "Anna", email: "anna@nordic.example" } });
    await storeReply(t.db, { types: allTypes, actor: sam, leadId: id, reply: reply(), firstStatus: null });
    const file = { filename: "spec.pdf", contentType: "application/pdf", content: Buffer.from("%PDF-1.4 spec") };
    const first = inbound({ messageId: "<dup@nordic.example>", inReplyTo: "<reply-1@ssl.test>", attachments: [file] });
    const store = (messages: InboundMessage[]) => storeInboundMessages(t.db, { mailbox: "INBOX", uidValidity: 1, lastUid: 1, messages });
    // One read holding the message, another with its Message-ID and other text, and the message again.
    const other = { ...first, text: "Something else entirely." };
    expect((await store([first, other, first])).map((r) => [r.stored, r.inDesk])).toEqual([
      [true, true],
      [false, false],
      [false, true],
    ]);
    // Later reads: the same message again is in the desk; other text, another file, another sender are not.
    const later = [
      first,
      other,
      { ...first, attachments: [{ ...file, content: Buffer.from("%PDF-1.4 other") }] },
      { ...first, from: "Mallory <mallory@evil.example>" },
    ];
    expect((await store(later)).map((r) => [r.stored, r.inDesk])).toEqual([
      [false, true],
      [false, false],
      [false, false],
      [false, false],
    ]);
    expect((await leadMessagesOf(t.db, id)).filter((m) => m.direction === "in").map((m) => m.body)).toEqual(["Could you do 2,000?"]);
  });
});

import { sql, type SQL } from "drizzle-orm";
import type { LeadFile, LeadKind as LeadType } from "../../app/lib/contracts/leads";
import { rows, type Database } from "../db/db";
import type { Actor, Change } from "./inbox";
import { keyPrefixes, sha256Of, type LeadFiles, type PlacedFile } from "./files";

/**
 * A lead's conversation (decision 0103): the replies staff send from the desk and the answers read back
 * from the company's mailbox, each one row of `lead_messages` (files in `lead_files`), stored in one
 * statement with everything that goes with it (the mail job, the lead's waiting and first-response
 * times, its unread markers, the assignee's e-mail, the mailbox cursor). PGlite takes one message
 * per query (decision 0041): one statement is one transaction on both databases.
 */

/** A reference as a subject carries it: `[Q-2026-00042]` (C- a contact, A- an application, Q- a quote). */
export const referenceTagPattern = /\[([CAQ]-\d{4}-\d{5,9})\]/i;

/** An e-mail read from the company's mailbox, parsed by the reader (server/mail/inbound). */
export type InboundMessage = {
  /** Its Message-ID with angle brackets; for a message without one, a key the reader derives from its raw source (e.g. `<sha256-…@inbound.invalid>`). */
  messageId: string;
  inReplyTo: string | null;
  /** The References header's Message-IDs, oldest first. */
  references: string[];
  /** The sender as the header names them ("Anna Berg <anna@nordic.example>"). */
  from: string;
  /**
   * The sender's address alone (the From header's first mailbox; "" for none): whom threading by
   * the subject's reference checks. The reader always gives it; absent, it is read from `from`.
   */
  fromAddress?: string;
  to: string;
  subject: string;
  /** When it reached the mailbox (IMAP INTERNALDATE); a time in the future counts as now. */
  at: Date;
  /** Its text: the text part, or the HTML part converted to text (html-to-text); never HTML. */
  text: string;
  /** Its files, already through the one content check (app/lib/contracts/file-content.ts) and the quote form's limits. */
  attachments: LeadFile[];
};

/** The lead an inbound message belongs to, and who should hear of it. */
export type InboundMatch = {
  leadId: number;
  reference: string;
  type: LeadType;
  topic?: string;
  /** The lead's assignee (active account), told by e-mail; null when nobody has it. */
  assignee: { id: string; name: string; email: string } | null;
};

/** The assignee's e-mail about a message (composed by server/mail), written in the statement that stores the message. */
export type InboundNotice = { recipient: string; eml: Buffer };

export type InboundStored = {
  messageId: string;
  /** The lead it was threaded into; null when it matched none (not stored: it stays in the mailbox as it is). */
  leadId: number | null;
  /** True when this call stored it; false when it matched no lead or was stored before (another instance, an earlier read). */
  stored: boolean;
  /**
   * True when the desk has this very message: stored now, or before with the same sender, subject,
   * text and files (another instance, an earlier read). False for a message that reuses a stored
   * Message-ID with other content: it is not in the desk (the reader leaves it unread).
   */
  inDesk: boolean;
};

/** What makes two messages with one Message-ID the same message in the desk: the files' names and MD5s, in order. */
const filesSignature = (m: InboundMessage) => m.attachments.map((f) => `${f.filename} ${sha256Of(f.content)}`).join("\n");
const contentSignature = (m: InboundMessage) => JSON.stringify([m.from, m.subject, m.text, filesSignature(m)]);

/** Which of these Message-IDs the desk has stored already. */
async function storedMessageIds(db: Database, ids: readonly string[]): Promise<Set<string>> {
  const found = await rows<{ message_id: string }>(db, sql`select message_id from lead_messages where message_id = any(${sql.param(ids)}::text[])`);
  return new Set(found.map((row) => row.message_id));
}

/** Where reading a mailbox got to (inbound_cursors); undefined before its first read. */
export async function inboundCursor(db: Database, mailbox: string): Promise<{ uidValidity: number; lastUid: number } | undefined> {
  const [row] = await rows<{ uid_validity: number | string; last_uid: number | string }>(
    db,
    sql`select uid_validity, last_uid from inbound_cursors where mailbox = ${mailbox}`,
  );
  return row ? { uidValidity: Number(row.uid_validity), lastUid: Number(row.last_uid) } : undefined;
}

const cleanId = (id: string) => id.trim();

/** The Message-IDs one message is matched by at most, newest first (the reader keeps fewer: decision 0133). */
const chainMax = 400;
const chainOf = (m: Pick<InboundMessage, "inReplyTo" | "references">) =>
  [m.inReplyTo, ...[...m.references].reverse()]
    .filter((id): id is string => Boolean(id))
    .map(cleanId)
    .slice(0, chainMax);

/** An address as the desk stores a sender ("Anna Berg <anna@nordic.example>"): the last mailbox's, lower-cased. */
const addressIn = (text: string) => (/<([^<>\s]+)>\s*$/.exec(text)?.[1] ?? text).trim().toLowerCase();

/**
 * The lead each message answers (decision 0133): by In-Reply-To, then References (newest first),
 * against the Message-IDs the company sent for a lead (its replies, the buyer's acknowledgement),
 * from any sender: only someone the company wrote to holds them. Else by the reference tag in its
 * subject, only from the lead's own address or a sender already on its thread: references are
 * sequential, anyone can write one. Undefined for a message that matches none.
 */
export async function matchInbound(
  db: Database,
  messages: readonly Pick<InboundMessage, "inReplyTo" | "references" | "subject" | "from" | "fromAddress">[],
): Promise<(InboundMatch | undefined)[]> {
  const ids = [...new Set(messages.flatMap(chainOf))];
  const tags = [...new Set(messages.map((m) => referenceTagPattern.exec(m.subject)?.[1]?.toUpperCase()).filter((r): r is string => Boolean(r)))];
  if (ids.length === 0 && tags.length === 0) return messages.map(() => undefined);
  // One array parameter each, whatever a header holds (a parameter per value stops at 65,535).
  const found = await rows<{
    key: string;
    by: "id" | "tag";
    id: number | string;
    reference: string;
    form: LeadType;
    fields: Record<string, unknown>;
    senders: string | null;
    assignee_id: string | null;
    name: string | null;
    email: string | null;
  }>(
    db,
    sql`with keys (key, lead_id, by) as (
          select message_id, lead_id, 'id' from lead_messages where direction = 'out' and message_id = any(${sql.param(ids)}::text[])
          union all select message_id, lead_id, 'id' from mail_jobs where message_id = any(${sql.param(ids)}::text[])
          union all select reference, id, 'tag' from leads where reference = any(${sql.param(tags)}::text[]))
        select keys.key, keys.by, l.id, l.reference, l.form, l.fields - 'message' - 'coverLetter' as fields,
          case when keys.by = 'tag' then (select json_agg(distinct m.from_address)::text from lead_messages m where m.lead_id = l.id and m.direction = 'in') end as senders,
          l.assignee_id, u.name, u.email
        from keys join leads l on l.id = keys.lead_id
        left join staff_users u on u.id = l.assignee_id and not coalesce(u.banned, false)`,
  );
  const byId = new Map(found.filter((f) => f.by === "id").map((f) => [f.key, f]));
  const byTag = new Map(found.filter((f) => f.by === "tag").map((f) => [f.key, f]));
  /** The lead's own address and every sender already on its thread. */
  const participants = (hit: (typeof found)[number]) => {
    const own = typeof hit.fields?.email === "string" ? [hit.fields.email] : [];
    const senders = hit.senders ? (JSON.parse(hit.senders) as string[]) : [];
    return new Set([...own, ...senders].map(addressIn).filter(Boolean));
  };
  return messages.map((m) => {
    const tag = referenceTagPattern.exec(m.subject)?.[1]?.toUpperCase();
    const tagged = tag ? byTag.get(tag) : undefined;
    const sender = addressIn(m.fromAddress ?? m.from);
    const hit =
      chainOf(m)
        .map((id) => byId.get(id))
        .find(Boolean) ?? (tagged && sender && participants(tagged).has(sender) ? tagged : undefined);
    if (!hit) return undefined;
    const fields = hit.fields ?? {};
    const topic = typeof fields.subject === "string" ? fields.subject : typeof fields.position === "string" ? fields.position : undefined;
    return {
      leadId: Number(hit.id),
      reference: hit.reference,
      type: hit.form,
      topic,
      assignee: hit.assignee_id && hit.email ? { id: hit.assignee_id, name: hit.name ?? "", email: hit.email } : null,
    };
  });
}

/**
 * Stores what one read of `mailbox` found, in one statement: each message that answers a lead (see
 * `matchInbound`) with its files, once (its Message-ID is unique: a message another instance or an
 * earlier read stored is left out, and is `inDesk` only when it is that same message); each such lead marked unread for everyone and waiting for us
 * (the buyer replied); `notify`'s e-mail to the assignee queued; and the mailbox's cursor moved to
 * `lastUid` (UIDVALIDITY `uidValidity`; never backwards within one UIDVALIDITY). Messages that
 * answer no lead are not stored, and do not hold the cursor back.
 *
 * With `files` naming a bucket (decision 0161), the attachments of a message not stored before go
 * there first, each under `lead-files/` and 192 bits from the CSPRNG, and its row names the key; the
 * bucket down keeps them in the row (the move command takes them later). After the statement,
 * whatever its outcome, the objects no row names (a message another instance stored meanwhile, a
 * statement refused) are removed.
 */
export async function storeInboundMessages(
  db: Database,
  {
    mailbox,
    uidValidity,
    lastUid,
    messages,
    notify,
    files: fileStore,
  }: {
    mailbox: string;
    uidValidity: number;
    /** The highest UID this read looked at (stored or not). */
    lastUid: number;
    messages: readonly InboundMessage[];
    /** The assignee's e-mail about a stored message (server/mail composes it); none when it returns undefined. */
    notify?: (match: InboundMatch, message: InboundMessage) => Promise<InboundNotice | undefined>;
    /** Where the attachments' bytes go (`LeadFiles.place`); none: in the database. */
    files?: LeadFiles;
  },
): Promise<InboundStored[]> {
  const seen = new Set<string>();
  const unique = messages.filter((m) => !seen.has(cleanId(m.messageId)) && Boolean(seen.add(cleanId(m.messageId))));
  const matches = await matchInbound(db, unique);
  const matched = unique.flatMap((message, i) => (matches[i] ? [{ message, match: matches[i]! }] : []));
  const notices = await Promise.all(matched.map(async ({ message, match }) => (match.assignee && notify ? await notify(match, message) : undefined)));

  const cursor = sql`insert into inbound_cursors (mailbox, uid_validity, last_uid) values (${mailbox}, ${uidValidity}, ${lastUid})
    on conflict (mailbox) do update set
      last_uid = case when inbound_cursors.uid_validity = excluded.uid_validity then greatest(inbound_cursors.last_uid, excluded.last_uid) else excluded.last_uid end,
      uid_validity = excluded.uid_validity, updated_at = now()`;
  if (matched.length === 0) {
    await db.execute(cursor);
    return messages.map((m) => ({ messageId: cleanId(m.messageId), leadId: null, stored: false, inDesk: false }));
  }

  const input = sql.join(
    matched.map(
      ({ message: m, match }) =>
        sql`(${cleanId(m.messageId)}::text, ${match.leadId}::bigint, ${m.inReplyTo ? cleanId(m.inReplyTo) : null}::text, ${m.references.map(cleanId).join(" ") || null}::text, ${m.from}::text, ${m.to}::text, ${m.subject}::text, ${m.text}::text, least(${m.at.toISOString()}::timestamptz, now()), ${filesSignature(m)}::text)`,
    ),
    sql`, `,
  );
  const files = matched.flatMap(({ message: m }) => m.attachments.map((f, position) => ({ messageId: cleanId(m.messageId), position, f })));
  // Placed first (decision 0161); a message the desk has already (read again: a restart, another instance) is not sent to the bucket again.
  const known = fileStore?.storage && files.length ? await storedMessageIds(db, [...new Set(files.map((file) => file.messageId))]) : new Set<string>();
  const placed = await Promise.all(files.map(({ messageId, f }) => (fileStore?.storage && !known.has(messageId) ? fileStore.place(f) : undefined)));
  const placedKeys = placed.flatMap((p) => (p?.objectKey ? [p.objectKey] : []));
  const fileInsert: SQL = files.length
    ? sql`, files as (
        insert into lead_files (lead_id, role, position, filename, content_type, content, object_key, size, sha256, message_id)
        select inserted.lead_id, 'attachment', f.position, f.filename, f.content_type, f.content, f.object_key, f.size, f.sha256, inserted.id
        from (values ${sql.join(
          files.map(({ messageId, position, f }, i) => {
            const place = placed[i] ?? { content: f.content, objectKey: null, size: f.content.byteLength, sha256: sha256Of(f.content) };
            return sql`(${messageId}::text, ${position}::integer, ${f.filename}::text, ${f.contentType}::text, ${place.content}::bytea, ${place.objectKey}::text, ${place.size}::bigint, ${place.sha256}::text)`;
          }),
          sql`, `,
        )}) as f (message_id, position, filename, content_type, content, object_key, size, sha256)
        join inserted on inserted.message_id = f.message_id)`
    : sql``;
  const jobs = matched.flatMap(({ message }, i) => (notices[i] ? [{ messageId: cleanId(message.messageId), notice: notices[i]! }] : []));
  const jobInsert: SQL = jobs.length
    ? sql`, jobs as (
        insert into mail_jobs (lead_id, kind, eml, recipients)
        select inserted.lead_id, 'answered:' || inserted.id, n.eml, n.recipients
        from (values ${sql.join(
          jobs.map(({ messageId, notice }) => sql`(${messageId}::text, ${notice.eml}::bytea, ${notice.recipient}::text)`),
          sql`, `,
        )}) as n (message_id, eml, recipients)
        join inserted on inserted.message_id = n.message_id)`
    : sql``;
  const statement = rows<{ message_id: string; how: "stored" | "same" }>(
    db,
    sql`with input (message_id, lead_id, in_reply_to, refs, from_address, to_address, subject, body, at, files) as (values ${input}),
        inserted as (
          insert into lead_messages (lead_id, direction, message_id, in_reply_to, "references", from_address, to_address, subject, body, at)
          select lead_id, 'in', message_id, in_reply_to, refs, from_address, to_address, subject, body, at from input
          on conflict (message_id) do nothing
          returning id, lead_id, message_id, at),
        waiting as (
          update leads set awaiting_since = coalesce(leads.awaiting_since, arrived.at)
          from (select lead_id, min(at) as at from inserted group by lead_id) as arrived
          where leads.id = arrived.lead_id),
        unread as (delete from lead_reads where lead_id in (select lead_id from inserted)),
        moved as (${cursor}),
        -- The statement's snapshot: rows stored before it, never the ones it inserts.
        same as (
          select input.message_id from input join lead_messages m on m.message_id = input.message_id
          where m.direction = 'in' and m.lead_id = input.lead_id and m.from_address = input.from_address and m.subject = input.subject and m.body = input.body
            and coalesce((select string_agg(f.filename || ' ' || coalesce(f.sha256, encode(sha256(f.content), 'hex')), E'\n' order by f.position) from lead_files f where f.message_id = m.id), '') = input.files)
        ${fileInsert}
        ${jobInsert}
        select message_id, 'stored' as how from inserted union all select message_id, 'same' from same`,
  );
  const stored = placedKeys.length ? await statement.finally(() => fileStore!.discard(db, placedKeys)) : await statement;
  const storedIds = new Set(stored.filter((s) => s.how === "stored").map((s) => s.message_id));
  const sameIds = new Set(stored.filter((s) => s.how === "same").map((s) => s.message_id));
  const leadOf = new Map(matched.map(({ message, match }) => [cleanId(message.messageId), match.leadId]));
  // A Message-ID twice in one call: the first is the one stored; a later one is in the desk only if it is the same message.
  const firstAt = new Map<string, number>();
  messages.forEach((m, i) => firstAt.set(cleanId(m.messageId), firstAt.get(cleanId(m.messageId)) ?? i));
  return messages.map((m, i) => {
    const id = cleanId(m.messageId);
    const first = firstAt.get(id)!;
    const inDesk = (storedIds.has(id) || sameIds.has(id)) && (first === i || contentSignature(messages[first]!) === contentSignature(m));
    return { messageId: id, leadId: leadOf.get(id) ?? null, stored: first === i && storedIds.has(id), inDesk };
  });
}

/** The audit log's action for a message kept aside (server/staff/audit.ts lists it for the log's filter). */
export const keptAsideAuditAction = "mail.kept-aside";

/**
 * A message the database refused, kept aside (decision 0133): the cursor moved past `uid` and, in
 * the same statement and only when the cursor did move (once per message, however many readers or
 * retries), one audit entry by "system" with the UID and the database's error code: nothing the
 * message says (its sender and subject stay in the mailbox).
 */
export async function keepInboundAside(
  db: Database,
  { mailbox, uidValidity, uid, sqlState }: { mailbox: string; uidValidity: number; uid: number; sqlState: string | undefined },
): Promise<void> {
  await db.execute(
    sql`with moved as (
          insert into inbound_cursors (mailbox, uid_validity, last_uid) values (${mailbox}, ${uidValidity}, ${uid})
          on conflict (mailbox) do update set last_uid = excluded.last_uid, uid_validity = excluded.uid_validity, updated_at = now()
          where inbound_cursors.uid_validity <> excluded.uid_validity or inbound_cursors.last_uid < excluded.last_uid
          returning 1)
        insert into staff_audit (actor_id, actor_email, action, target, detail)
        select null, 'system', ${keptAsideAuditAction}, ${`mailbox:${mailbox}`}, jsonb_build_object('uid', ${uid}::bigint, 'sqlstate', ${sqlState ?? "none"}::text) from moved`,
  );
}

/** What a reply is written against: the lead's reference, its sender, the thread so far. */
export type ReplyContext = {
  leadId: number;
  reference: string;
  type: LeadType;
  status: string;
  /** The sender's address (the lead's e-mail field). */
  email: string;
  name: string;
  /** The contact's subject, the quote's products, the application's position. */
  topic: string;
  firstResponseAt: Date | null;
  /** The message a reply answers (the buyer's last, else our last), and the thread's References. */
  inReplyTo: string | null;
  references: string[];
};

/** The thread a reply continues: the last inbound message, else the last one sent (a reply or the acknowledgement). */
export async function replyThread(db: Database, leadId: number): Promise<{ inReplyTo: string | null; references: string[] }> {
  const [last] = await rows<{ message_id: string; refs: string | null }>(
    db,
    sql`select message_id, refs from (
          select message_id, "references" as refs, at, id, case direction when 'in' then 1 else 0 end as inbound from lead_messages where lead_id = ${leadId}
          union all select message_id, null, coalesce(sent_at, next_attempt_at), -id, 0 from mail_jobs where lead_id = ${leadId} and message_id is not null and kind = 'acknowledgement'
        ) as thread order by inbound desc, at desc, id desc limit 1`,
  );
  if (!last) return { inReplyTo: null, references: [] };
  const earlier = (last.refs ?? "").split(/\s+/).filter(Boolean);
  // RFC 5322 §3.6.4: the parent's References and the parent; bounded (a long thread's header stays short).
  return { inReplyTo: last.message_id, references: [...earlier.filter((id) => id !== last.message_id), last.message_id].slice(-20) };
}

/** A reply as server/mail composed it, ready to store with its mail job. */
export type OutgoingReply = {
  messageId: string;
  inReplyTo: string | null;
  references: string[];
  from: string;
  to: string;
  subject: string;
  body: string;
  attachments: LeadFile[];
  /**
   * "quotation" when a quotation is attached (decision 0119): a new quote lead then becomes quoted;
   * "acceptance" for the company's confirmation of a buyer's acceptance, sent by the page (decision 0155).
   */
  purpose?: "quotation" | "acceptance";
  /** The message as sent, and its envelope recipients. */
  eml: Buffer;
  recipients: string[];
  /** Where the message and the attachments' bytes go (`placeReply`, decision 0161); none: in the database. */
  placed?: { eml: PlacedFile; attachments: PlacedFile[] };
};

/**
 * A reply's message and attachments placed before the statement that stores it (decision 0161): in
 * the bucket when there is one (each falls back to the database when the bucket fails), so its rows
 * never name an object not yet written. `settle` after the statement, whatever its outcome: it
 * removes the objects no row names (a double press stored nothing new, a refused send).
 */
export async function placeReply(
  files: LeadFiles | undefined,
  reply: OutgoingReply,
): Promise<{ reply: OutgoingReply; settle: (db: Database) => Promise<void> }> {
  if (!files?.storage) return { reply, settle: async () => {} };
  const [eml, attachments] = await Promise.all([files.placeMessage(reply.eml, keyPrefixes.mailJob), Promise.all(reply.attachments.map((f) => files.place(f)))]);
  const keys = [eml, ...attachments].flatMap((p) => (p.objectKey ? [p.objectKey] : []));
  return { reply: { ...reply, placed: { eml, attachments } }, settle: (db) => files.discard(db, keys) };
}

export type ReplyStored = { ok: true; messageRowId: number; duplicate: boolean; movedTo: string | null } | Exclude<Change, { ok: true }>;

/**
 * Stores a staff member's reply, in one statement: the message and its files, its mail job (the
 * relay sends it once), the lead no longer waiting, its first-response time (the first reply only),
 * and, when the lead is `new`, its move to `firstStatus` (recorded in its history). The reply's
 * Message-ID is unique: the same form sent twice (a double press) stores one reply.
 */
export async function storeReply(
  db: Database,
  {
    types,
    actor,
    leadId,
    reply: composed,
    firstStatus,
    files,
  }: { types: readonly LeadType[]; actor: Actor; leadId: number; reply: OutgoingReply; firstStatus: string | null; files?: LeadFiles },
): Promise<ReplyStored> {
  if (!Number.isSafeInteger(leadId) || leadId < 1 || types.length === 0) return { ok: false, reason: "missing" };
  const { reply, settle } = await placeReply(files, composed);
  try {
    return await storeReplyRows(db, { types, actor, leadId, reply, firstStatus });
  } finally {
    await settle(db);
  }
}

async function storeReplyRows(
  db: Database,
  { types, actor, leadId, reply, firstStatus }: { types: readonly LeadType[]; actor: Actor; leadId: number; reply: OutgoingReply; firstStatus: string | null },
): Promise<ReplyStored> {
  const typeList = sql.join(
    types.map((t) => sql`${t}`),
    sql`, `,
  );
  const result = await rows<{ id: number | string | null; existing: number | string | null; moved_to: string | null; found: boolean }>(
    db,
    sql`with target as (select id, status from leads where id = ${leadId} and form in (${typeList}) for update),
        ${outgoingMessageParts({ reply, actor, leadIds: sql`select id from target`, jobKind: sql`'reply:' || inserted.id`, duplicate: "skip" })},
        updated as (
          update leads set
            first_response_at = coalesce(leads.first_response_at, inserted.at),
            awaiting_since = null,
            status = case when leads.status = 'new' and ${firstStatus}::text is not null then ${firstStatus}::text else leads.status end
          from inserted join target on target.id = inserted.lead_id
          where leads.id = inserted.lead_id
          returning leads.id, target.status as from_status, leads.status as to_status),
        event as (
          insert into lead_events (lead_id, actor_id, actor_name, kind, from_value, to_value)
          select id, ${actor.id}, ${actor.name}, 'status', from_status, to_status from updated where from_status <> to_status
          returning to_value)
        select (select id from inserted) as id,
          (select id from lead_messages where message_id = ${reply.messageId}) as existing,
          (select to_value from event) as moved_to,
          exists (select 1 from target) as found`,
  );
  const row = result[0];
  if (!row?.found) return { ok: false, reason: "missing" };
  if (row.id === null) {
    if (row.existing === null) return { ok: false, reason: "refused", message: "The reply could not be stored; nothing was sent." };
    return { ok: true, messageRowId: Number(row.existing), duplicate: true, movedTo: null };
  }
  return { ok: true, messageRowId: Number(row.id), duplicate: false, movedTo: row.moved_to };
}

/**
 * The common table expressions that store an outgoing message of a lead's conversation inside a
 * larger statement: `inserted` (the lead_messages row, returning id, lead_id, at), `job` (its mail
 * job, kind `jobKind`, with its Message-ID: the buyer's answer threads by it) and `files` (its
 * attachments, each tied to the message: the timeline lists them). `leadIds` selects the lead (a
 * column `id`; no row, nothing stored); `at` the message's time (default: the database's now).
 * A Message-ID stored before is skipped (`duplicate: "skip"`, a double press of the reply form) or
 * fails the whole statement (`"fail"`: nothing of it is stored).
 */
export function outgoingMessageParts({
  reply,
  actor,
  leadIds,
  jobKind,
  duplicate,
  at,
}: {
  reply: OutgoingReply;
  actor: Actor;
  leadIds: SQL;
  jobKind: SQL;
  duplicate: "skip" | "fail";
  at?: Date;
}): SQL {
  const files = reply.attachments;
  // Placed (decision 0161): bytes or key as placed; else the bytes, their size and hash computed by the database.
  const placedFile = (position: number): PlacedFile | undefined => reply.placed?.attachments[position];
  const fileInsert: SQL = files.length
    ? sql`, files as (
        insert into lead_files (lead_id, role, position, filename, content_type, content, object_key, size, sha256, message_id)
        select inserted.lead_id, 'attachment', f.position, f.filename, f.content_type, f.content, f.object_key,
          coalesce(f.size, octet_length(f.content)), coalesce(f.sha256, encode(sha256(f.content), 'hex')), inserted.id
        from (values ${sql.join(
          files.map((f, position) => {
            const placed = placedFile(position);
            return sql`(${position}::integer, ${f.filename}::text, ${f.contentType}::text, ${placed ? placed.content : f.content}::bytea, ${placed?.objectKey ?? null}::text, ${placed?.size ?? null}::bigint, ${placed?.sha256 ?? null}::text)`;
          }),
          sql`, `,
        )}) as f (position, filename, content_type, content, object_key, size, sha256) cross join inserted)`
    : sql``;
  const eml = reply.placed?.eml ?? { content: reply.eml, objectKey: null, size: null, sha256: null };
  return sql`inserted as (
          insert into lead_messages (lead_id, direction, message_id, in_reply_to, "references", from_address, to_address, subject, body, sent_by_id, sent_by_name, purpose, at)
          select source.id, 'out', ${reply.messageId}, ${reply.inReplyTo}, ${reply.references.join(" ") || null}, ${reply.from}, ${reply.to}, ${reply.subject}, ${reply.body}, ${actor.id}, ${actor.name}, ${reply.purpose ?? null},
            coalesce(${at ? at.toISOString() : null}::timestamptz, now())
          from (${leadIds}) as source
          ${duplicate === "skip" ? sql`on conflict (message_id) do nothing` : sql``}
          returning id, lead_id, at),
        job as (
          insert into mail_jobs (lead_id, kind, eml, eml_key, eml_size, eml_sha256, recipients, message_id)
          select lead_id, ${jobKind}, ${eml.content}::bytea, ${eml.objectKey}::text, ${eml.size}::bigint, ${eml.sha256}::text, ${reply.recipients.join(", ")}::text, ${reply.messageId}::text
          from inserted)
        ${fileInsert}`;
}

/** A message of the timeline, with its files (downloaded as the lead's files are). */
export type LeadMessage = {
  id: number;
  direction: "in" | "out";
  at: Date;
  from: string;
  to: string;
  subject: string;
  body: string;
  sentByName: string | null;
  purpose: string | null;
  files: { id: number; filename: string; contentType: string; size: number }[];
};

/** Every message of a lead, oldest first (the caller has checked the reader may see the lead). */
export async function leadMessagesOf(db: Database, leadId: number): Promise<LeadMessage[]> {
  const [messages, files] = await Promise.all([
    rows<{
      id: number | string;
      direction: "in" | "out";
      at: Date | string;
      from_address: string;
      to_address: string;
      subject: string;
      body: string;
      sent_by_name: string | null;
      purpose: string | null;
    }>(
      db,
      sql`select id, direction, at, from_address, to_address, subject, body, sent_by_name, purpose from lead_messages where lead_id = ${leadId} order by at, id`,
    ),
    rows<{ id: number | string; message_id: number | string; filename: string; content_type: string; size: number | string }>(
      db,
      sql`select f.id, f.message_id, f.filename, f.content_type, coalesce(f.size, octet_length(f.content)) as size
          from lead_files f where f.message_id in (select id from lead_messages where lead_id = ${leadId}) order by f.message_id, f.position, f.id`,
    ),
  ]);
  const byMessage = new Map<number, LeadMessage["files"]>();
  for (const f of files) {
    const list = byMessage.get(Number(f.message_id)) ?? [];
    list.push({ id: Number(f.id), filename: f.filename, contentType: f.content_type, size: Number(f.size) });
    byMessage.set(Number(f.message_id), list);
  }
  return messages.map((m) => ({
    id: Number(m.id),
    direction: m.direction,
    at: new Date(m.at),
    from: m.from_address,
    to: m.to_address,
    subject: m.subject,
    body: m.body,
    sentByName: m.sent_by_name,
    purpose: m.purpose,
    files: byMessage.get(Number(m.id)) ?? [],
  }));
}

import { sql, type SQL } from "drizzle-orm";
import type { LeadKind as LeadType } from "../../app/lib/contracts/leads";
import { rows, type Database } from "./db";
import { contentOf, fieldText, topicOf, type LeadContent } from "./lead-record";
import { isStatus, nextStatuses, statusLabels, transitionRefusal, type LeadStatus } from "./workflow";

/**
 * What the staff inbox reads and changes (server/staff/inbox calls these; no other module writes SQL
 * against the leads tables). Every query is limited to `types`, the lead types the reader may see
 * (the staff role's: server/staff/roles.ts): a lead of another type is never read, listed or counted.
 */

/** What the inbox shows: one type or all the reader may see, a status, an assignee, a date range, a search. */
export type InboxFilter = {
  type?: LeadType;
  status?: LeadStatus;
  /** A staff user id, or "none" for unassigned leads. */
  assignee?: string;
  /** Inclusive days (YYYY-MM-DD, UTC). */
  from?: string;
  to?: string;
  q?: string;
};

/** Who changes a lead, as its history names them. */
export type Actor = { id: string; name: string };

export const pageSize = 50;

/** A lead as the inbox lists it. */
export type LeadSummary = {
  id: number;
  /** What staff and the sender quote: the lead's reference (C-2026-00042, A-…, Q-…). */
  reference: string;
  type: LeadType;
  status: string;
  receivedAt: Date;
  name: string;
  email: string;
  company: string;
  country: string;
  /** The contact message's subject, the quote's products or the application's position. */
  topic: string;
  assigneeId: string | null;
  unread: boolean;
};

type SummaryRow = {
  id: number | string;
  reference: string | null;
  form: string;
  source: string;
  status: string;
  received_at: Date | string;
  fields: unknown;
  assignee_id: string | null;
  unread: boolean;
};

/**
 * The reference staff and the sender quote: every lead has one (C-, A-, Q-YYYY-NNNNN, migration
 * 0009); SSL-{id} only for a row that somehow has none.
 */
export const leadReference = (id: number, given?: string | null) => given || `SSL-${id}`;

function toSummary(row: SummaryRow, content = contentOf(row.form, row.source, row.fields)): LeadSummary {
  return {
    id: Number(row.id),
    reference: leadReference(Number(row.id), row.reference),
    type: row.form as LeadType,
    status: row.status,
    receivedAt: new Date(row.received_at),
    name: fieldText(content, "name"),
    email: fieldText(content, "email"),
    company: fieldText(content, "company"),
    country: fieldText(content, "country"),
    topic: topicOf(content),
    assigneeId: row.assignee_id,
    unread: row.unread,
  };
}

/**
 * A prefix match of every word typed ("acm jan" finds Jane at Acme), the words split by the same
 * parser that built the column, so an e-mail address is one word on both sides.
 */
const wordsCondition = (q: string) =>
  sql`l.search @@ (select to_tsquery('simple', string_agg('''' || replace(replace(lexeme, '\\', '\\\\'), '''', '''''') || ''':*', ' & ')) from unnest(to_tsvector('simple', ${q}::text)))`;

/** A reference typed alone (Q-2026-00042 or [C-2026-00007] as a reply's subject carries it; the former SSL-42) finds that lead; other text is searched word by word. */
function searchCondition(q: string): SQL {
  const typed = q.trim();
  const own = /^SSL-(\d{1,15})$/i.exec(typed);
  if (own) return sql`l.id = ${Number(own[1])}`;
  const tagged = /^\[?([CAQ]-\d{4}-\d+)\]?$/i.exec(typed);
  if (tagged) return sql`l.reference = ${tagged[1]!.toUpperCase()}`;
  return wordsCondition(typed);
}

/** The WHERE clause of a filter within the types the reader may see; null when the filter asks for another type. */
function whereOf(allowed: readonly LeadType[], filter: InboxFilter): SQL | null {
  const types = filter.type ? allowed.filter((t) => t === filter.type) : [...allowed];
  if (types.length === 0) return null;
  const conditions: SQL[] = [sql`l.form in (${sql.join(types.map((t) => sql`${t}`), sql`, `)})`];
  if (filter.status) conditions.push(sql`l.status = ${filter.status}`);
  if (filter.assignee === "none") conditions.push(sql`l.assignee_id is null`);
  else if (filter.assignee) conditions.push(sql`l.assignee_id = ${filter.assignee}`);
  if (filter.from) conditions.push(sql`l.received_at >= (${filter.from}::date)::timestamp at time zone 'UTC'`);
  if (filter.to) conditions.push(sql`l.received_at < (${filter.to}::date + 1)::timestamp at time zone 'UTC'`);
  if (filter.q) conditions.push(searchCondition(filter.q));
  return sql.join(conditions, sql` and `);
}

export type LeadList = { leads: LeadSummary[]; total: number; page: number; pages: number };

/** One page of the filtered inbox, newest first, with the total the filter matches. */
export async function listLeads(
  db: Database,
  { types, staffId, filter, page = 1, size = pageSize }: { types: readonly LeadType[]; staffId: string; filter: InboxFilter; page?: number; size?: number },
): Promise<LeadList> {
  const where = whereOf(types, filter);
  if (!where) return { leads: [], total: 0, page: 1, pages: 1 };
  const [countRows, found] = await Promise.all([
    rows<{ total: number | string }>(db, sql`select count(*) as total from leads l where ${where}`),
    rows<SummaryRow>(
      db,
      // The page's ids first: skipping to a deep page then reads index entries, not the rows' fields.
      sql`with page as (
            select l.id from leads l where ${where}
            order by l.received_at desc, l.id desc
            limit ${size} offset ${(Math.max(1, page) - 1) * size})
          select l.id, l.reference, l.form, l.source, l.status, l.received_at, l.fields - 'message' - 'coverLetter' as fields, l.assignee_id,
            not exists (select 1 from lead_reads r where r.lead_id = l.id and r.staff_id = ${staffId}) as unread
          from page join leads l on l.id = page.id
          order by l.received_at desc, l.id desc`,
    ),
  ]);
  const total = Number(countRows[0]?.total ?? 0);
  return { leads: found.map((row) => toSummary(row)), total, page: Math.max(1, page), pages: Math.max(1, Math.ceil(total / size)) };
}

/** A lead waiting for us, with the time its sender's unanswered message arrived. */
export type WaitingLead = LeadSummary & { awaitingSince: Date };

/**
 * "Waiting for us" (issue 45): the leads whose sender spoke last (their request or their answer not
 * yet replied to), oldest first, read from the `leads_awaiting` index.
 */
export async function listWaiting(
  db: Database,
  { types, staffId, page = 1, size = pageSize }: { types: readonly LeadType[]; staffId: string; page?: number; size?: number },
): Promise<{ leads: WaitingLead[]; total: number; page: number; pages: number }> {
  if (types.length === 0) return { leads: [], total: 0, page: 1, pages: 1 };
  const where = sql`l.awaiting_since is not null and l.form in (${sql.join(types.map((t) => sql`${t}`), sql`, `)})`;
  const [countRows, found] = await Promise.all([
    rows<{ total: number | string }>(db, sql`select count(*) as total from leads l where ${where}`),
    rows<SummaryRow & { awaiting_since: Date | string }>(
      db,
      sql`with page as (
            select l.id from leads l where ${where}
            order by l.awaiting_since, l.id
            limit ${size} offset ${(Math.max(1, page) - 1) * size})
          select l.id, l.reference, l.form, l.source, l.status, l.received_at, l.awaiting_since, l.fields - 'message' - 'coverLetter' as fields, l.assignee_id,
            not exists (select 1 from lead_reads r where r.lead_id = l.id and r.staff_id = ${staffId}) as unread
          from page join leads l on l.id = page.id
          order by l.awaiting_since, l.id`,
    ),
  ]);
  const total = Number(countRows[0]?.total ?? 0);
  return {
    leads: found.map((row) => ({ ...toSummary(row), awaitingSince: new Date(row.awaiting_since) })),
    total,
    page: Math.max(1, page),
    pages: Math.max(1, Math.ceil(total / size)),
  };
}

/** New leads per type the reader may see (the badge and the type filter); other types are absent. */
export async function countNew(db: Database, types: readonly LeadType[]): Promise<{ total: number; byType: Partial<Record<LeadType, number>> }> {
  if (types.length === 0) return { total: 0, byType: {} };
  const found = await rows<{ form: LeadType; n: number | string }>(
    db,
    sql`select form, count(*) as n from leads where status = 'new' and form in (${sql.join(types.map((t) => sql`${t}`), sql`, `)}) group by form`,
  );
  const byType: Partial<Record<LeadType, number>> = {};
  for (const type of types) byType[type] = 0;
  for (const row of found) byType[row.form] = Number(row.n);
  return { total: Object.values(byType).reduce((a, b) => a + b, 0), byType };
}

export type LeadEvent = {
  id: number;
  at: Date;
  actorId: string;
  actorName: string;
  kind: "status" | "assign" | "note";
  fromValue: string | null;
  toValue: string | null;
  body: string | null;
};
export type LeadFileInfo = { id: number; role: string; filename: string; contentType: string; size: number };
export type LeadDetail = {
  id: number;
  /** See LeadSummary.reference. */
  reference: string;
  /** The reference its sender was told (a quote's), if any. */
  givenReference: string | null;
  type: LeadType;
  status: string;
  receivedAt: Date;
  source: string;
  /** Its fields, read through its kind's schema. */
  content: LeadContent;
  assigneeId: string | null;
  files: LeadFileInfo[];
  events: LeadEvent[];
  /** When the company first answered it from the desk; null until then. */
  firstResponseAt: Date | null;
  /** Since when the sender waits for us (their request or their last message unanswered); null when we spoke last. */
  awaitingSince: Date | null;
};

/**
 * A lead the role may not see is "missing", exactly as one that does not exist (404 both): an id
 * must not tell sales which leads are job applications (issue 43 §7).
 */
export type Access<T> = { ok: true; value: T } | { ok: false; reason: "missing" };

async function leadAccess(db: Database, types: readonly LeadType[], id: number): Promise<Access<{ form: LeadType; status: string; assigneeId: string | null }>> {
  if (!Number.isSafeInteger(id) || id < 1 || types.length === 0) return { ok: false, reason: "missing" };
  const [row] = await rows<{ form: LeadType; status: string; assignee_id: string | null }>(
    db,
    sql`select form, status, assignee_id from leads where id = ${id} and form in (${sql.join(types.map((t) => sql`${t}`), sql`, `)})`,
  );
  if (!row) return { ok: false, reason: "missing" };
  return { ok: true, value: { form: row.form, status: row.status, assigneeId: row.assignee_id } };
}

export async function getLead(db: Database, types: readonly LeadType[], id: number): Promise<Access<LeadDetail>> {
  const access = await leadAccess(db, types, id);
  if (!access.ok) return access;
  const [[lead], files, events] = await Promise.all([
    rows<{
      id: number | string;
      reference: string | null;
      form: LeadType;
      status: string;
      received_at: Date | string;
      source: string;
      fields: unknown;
      assignee_id: string | null;
      first_response_at: Date | string | null;
      awaiting_since: Date | string | null;
    }>(db, sql`select id, reference, form, status, received_at, source, fields, assignee_id, first_response_at, awaiting_since from leads where id = ${id}`),
    rows<{ id: number | string; role: string; filename: string; content_type: string; size: number | string }>(
      db,
      sql`select id, role, filename, content_type, octet_length(content) as size from lead_files where lead_id = ${id} and message_id is null order by position, id`,
    ),
    rows<{ id: number | string; at: Date | string; actor_id: string; actor_name: string; kind: LeadEvent["kind"]; from_value: string | null; to_value: string | null; body: string | null }>(
      db,
      sql`select id, at, actor_id, actor_name, kind, from_value, to_value, body from lead_events where lead_id = ${id} order by id`,
    ),
  ]);
  if (!lead) return { ok: false, reason: "missing" };
  return {
    ok: true,
    value: {
      id: Number(lead.id),
      reference: leadReference(Number(lead.id), lead.reference),
      givenReference: lead.reference,
      type: lead.form,
      status: lead.status,
      receivedAt: new Date(lead.received_at),
      source: lead.source,
      content: contentOf(lead.form, lead.source, lead.fields),
      assigneeId: lead.assignee_id,
      files: files.map((f) => ({ id: Number(f.id), role: f.role, filename: f.filename, contentType: f.content_type, size: Number(f.size) })),
      events: events.map((e) => ({ id: Number(e.id), at: new Date(e.at), actorId: e.actor_id, actorName: e.actor_name, kind: e.kind, fromValue: e.from_value, toValue: e.to_value, body: e.body })),
      firstResponseAt: lead.first_response_at === null ? null : new Date(lead.first_response_at),
      awaitingSince: lead.awaiting_since === null ? null : new Date(lead.awaiting_since),
    },
  };
}

/** A file of a lead the reader may see (the download). */
export async function getLeadFile(
  db: Database,
  types: readonly LeadType[],
  leadId: number,
  fileId: number,
): Promise<Access<{ filename: string; contentType: string; content: Buffer }>> {
  const access = await leadAccess(db, types, leadId);
  if (!access.ok) return access;
  if (!Number.isSafeInteger(fileId)) return { ok: false, reason: "missing" };
  const [file] = await rows<{ filename: string; content_type: string; content: Buffer | Uint8Array }>(
    db,
    sql`select filename, content_type, content from lead_files where id = ${fileId} and lead_id = ${leadId}`,
  );
  if (!file) return { ok: false, reason: "missing" };
  return { ok: true, value: { filename: file.filename, contentType: file.content_type, content: Buffer.from(file.content) } };
}

/** The staff user has seen the lead: it is no longer marked unread for them. */
export async function markRead(db: Database, leadId: number, staffId: string): Promise<void> {
  await db.execute(sql`insert into lead_reads (lead_id, staff_id) values (${leadId}, ${staffId}) on conflict do nothing`);
}

export type Change = { ok: true } | { ok: false; reason: "missing" } | { ok: false; reason: "refused"; message: string };

/**
 * Moves a lead along its workflow and records it in the history, in one statement. `from` is the
 * status the staff saw: when someone else moved the lead meanwhile, the change is refused with the
 * current status rather than applied over theirs.
 */
export async function changeStatus(
  db: Database,
  { types, actor, leadId, from, to }: { types: readonly LeadType[]; actor: Actor; leadId: number; from: string; to: string },
): Promise<Change> {
  const access = await leadAccess(db, types, leadId);
  if (!access.ok) return access;
  const { form, status } = access.value;
  if (status !== from) {
    const now = isStatus(status) ? statusLabels[status] : status;
    return { ok: false, reason: "refused", message: `This lead is ${now} now (someone changed it meanwhile); nothing was changed.` };
  }
  const refusal = transitionRefusal(form, from, to);
  if (refusal) return { ok: false, reason: "refused", message: refusal };
  // One statement (the embedded database takes one message per query, decision 0041): the history
  // row is written only when the guarded update moved the lead.
  const updated = await rows<{ id: number }>(
    db,
    // A lead whose workflow ends (closed, won, lost, hired, rejected) no longer waits for us (decision 0101).
    sql`with moved as (
          update leads set status = ${to}, awaiting_since = case when ${nextStatuses(form, to).length === 0} then null else awaiting_since end
          where id = ${leadId} and status = ${from} returning id)
        insert into lead_events (lead_id, actor_id, actor_name, kind, from_value, to_value)
        select id, ${actor.id}, ${actor.name}, 'status', ${from}, ${to} from moved returning lead_id as id`,
  );
  if (updated.length === 0) return { ok: false, reason: "refused", message: "This lead was changed by someone else meanwhile; nothing was changed." };
  return { ok: true };
}

/** The e-mail that tells the new assignee (server/mail/assignment-mail.ts), queued by the assignment's own statement. */
export type AssignmentMail = { recipient: string; eml: Buffer };

/**
 * Gives the lead to a staff user (null: nobody); the caller checks that the user may see its type.
 * With `mail`, the job that sends it is written in the same statement as the assignment and its
 * history row: the assignee is told exactly when the change is made, and the relay sends it once.
 */
export async function assignLead(
  db: Database,
  { types, actor, leadId, assigneeId, mail }: { types: readonly LeadType[]; actor: Actor; leadId: number; assigneeId: string | null; mail?: AssignmentMail },
): Promise<Change> {
  const access = await leadAccess(db, types, leadId);
  if (!access.ok) return access;
  if (access.value.assigneeId === assigneeId) return { ok: true };
  const assigned = sql`with assigned as (update leads set assignee_id = ${assigneeId} where id = ${leadId} returning id),
        event as (
          insert into lead_events (lead_id, actor_id, actor_name, kind, from_value, to_value)
          select id, ${actor.id}, ${actor.name}, 'assign', ${access.value.assigneeId}, ${assigneeId} from assigned
          returning id, lead_id)`;
  await db.execute(
    mail
      ? sql`${assigned} insert into mail_jobs (lead_id, kind, eml, recipients) select lead_id, 'assigned:' || id, ${mail.eml}::bytea, ${mail.recipient}::text from event`
      : sql`${assigned} select id from event`,
  );
  return { ok: true };
}

export const noteMaxLength = 5000;

/** An internal note: seen by staff only, kept in the lead's history. */
export async function addNote(
  db: Database,
  { types, actor, leadId, body }: { types: readonly LeadType[]; actor: Actor; leadId: number; body: string },
): Promise<Change> {
  const text = body.trim();
  if (!text) return { ok: false, reason: "refused", message: "The note is empty: write something to add it." };
  if (text.length > noteMaxLength) return { ok: false, reason: "refused", message: `The note is longer than ${noteMaxLength} characters.` };
  const access = await leadAccess(db, types, leadId);
  if (!access.ok) return access;
  await db.execute(sql`insert into lead_events (lead_id, actor_id, actor_name, kind, body) values (${leadId}, ${actor.id}, ${actor.name}, 'note', ${text})`);
  return { ok: true };
}

/** A lead as the CSV export writes it: the list's columns and its message (a contact's or quote's message, an application's cover letter). */
export type ExportedLead = LeadSummary & { message: string };

/**
 * Every lead the filter matches (not one page), newest first, in batches of `batch` read by keyset
 * (received time and id), so tens of thousands of rows never sit in memory at once.
 */
export async function* leadsForExport(
  db: Database,
  { types, filter, batch = 1000 }: { types: readonly LeadType[]; filter: InboxFilter; batch?: number },
): AsyncGenerator<ExportedLead[]> {
  const where = whereOf(types, filter);
  if (!where) return;
  let after: { receivedAt: string; id: number } | undefined;
  for (;;) {
    const page = await rows<SummaryRow & { at: string }>(
      db,
      sql`select l.id, l.reference, l.form, l.source, l.status, l.received_at, to_char(l.received_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as at, l.fields, l.assignee_id, false as unread
          from leads l where ${where}
          ${after ? sql`and (l.received_at, l.id) < (${after.receivedAt}::timestamp at time zone 'UTC', ${after.id})` : sql``}
          order by l.received_at desc, l.id desc limit ${batch}`,
    );
    if (page.length === 0) return;
    yield page.map((row) => {
      const content = contentOf(row.form, row.source, row.fields);
      const fields = content.fields as Record<string, unknown>;
      const message = typeof fields.message === "string" ? fields.message : typeof fields.coverLetter === "string" ? fields.coverLetter : "";
      return { ...toSummary(row, content), message };
    });
    const last = page[page.length - 1]!;
    after = { receivedAt: last.at, id: Number(last.id) };
    if (page.length < batch) return;
  }
}

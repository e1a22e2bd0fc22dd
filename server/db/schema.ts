import { sql } from "drizzle-orm";
import type { LeadFileRole } from "../../app/lib/contracts/leads";
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** PostgreSQL's full-text document type (only written by the database: a generated column). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * The text the staff inbox searches (decision 0053): names, e-mails (also split at @ and
 * dots, so "acme" finds jane@acme.com), companies, countries, subjects, positions and messages, and a
 * quote's products (every value of the typed list, the numbers too; not the keys).
 * 'simple': no language's stemming, since names, companies and buyers' messages are in many languages.
 */
const searchDocument = sql.raw(
  `to_tsvector('simple', ${["name", "email", "company", "country", "subject", "position", "message", "coverLetter"]
    .map((field) => `coalesce(fields->>'${field}', '')`)
    .join(
      " || ' ' || ",
    )} || ' ' || translate(coalesce(fields->>'email', ''), '@.', '  ')) || jsonb_to_tsvector('simple', coalesce(fields->'products', '[]'::jsonb), '["string", "numeric"]')`,
);

/** PostgreSQL's bytea as a Node Buffer (node-postgres and PGlite both read it as bytes). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * One row per accepted lead (contact message, job application, quote request). `eml` is the message
 * exactly as the company receives it (what the relay sends, and what staff can download); `fields`
 * the lead's typed fields as JSON, one shape per `form` (app/lib/contracts/leads.ts
 * leadFieldsSchemas: a quote's products a list of objects with numbers as numbers), read back
 * through that schema (lead-record.ts).
 */
export const leads = pgTable(
  "leads",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    form: text("form").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    fields: jsonb("fields").$type<Record<string, unknown>>().notNull(),
    /** The message's bytes, when kept in the database (no object storage, or the bucket was down when it came: decision 0161). */
    eml: bytea("eml"),
    /** Its key in the object store when the message is there instead (decision 0161), with its size and SHA-256 (hex). */
    emlKey: text("eml_key").unique(),
    emlSize: bigint("eml_size", { mode: "number" }),
    emlSha256: text("eml_sha256"),
    /** "web" for submissions, "outbox" for .eml files imported from the former outbox folder. */
    source: text("source").notNull().default("web"),
    /**
     * The lead's reference (C-2026-00042 a contact, A-… an application, Q-… a quote request), unique
     * across instances: a quote's is drawn before it is stored (its acknowledgement names it), any
     * other is given by the database as the row is inserted (the trigger of migration 0008, from
     * reference_counters). Replies carry it in their subject; an answer quoting it is threaded by it.
     */
    // An insert without one leaves it to the database's trigger (drizzle would refuse the missing value).
    reference: text("reference")
      .notNull()
      .unique()
      .$defaultFn(() => sql`null`),
    /** Where the lead is in its type's workflow (server/leads/workflow.ts). */
    status: text("status").notNull().default("new"),
    /** The staff user (auth user id) who handles it; null while unassigned. */
    assigneeId: text("assignee_id"),
    search: tsvector("search").generatedAlwaysAs(searchDocument),
    /** When the company first answered it (the first reply sent from the desk); null until then. */
    firstResponseAt: timestamp("first_response_at", { withTimezone: true }),
    /** Since when the sender waits for us: set by their message arriving, cleared by our reply. */
    awaitingSince: timestamp("awaiting_since", { withTimezone: true }),
    /**
     * "Follow up on <date>" (decision 0153): the start of that local day in the desk's zone. Until
     * then the lead is out of "Waiting for us"; on it, it comes back (`returnFollowUps`, once across
     * instances by scheduled_runs) and this is cleared. Null when not snoozed.
     */
    followUpAt: timestamp("follow_up_at", { withTimezone: true }),
    /**
     * A quote request with a quantity below its product's usual minimum, taken as a trial order
     * (decision 0148): generated from its products (`belowMinimum` on a line), so no writer can
     * forget it. The inbox filters and marks these.
     */
    belowMinimum: boolean("below_minimum")
      .notNull()
      .generatedAlwaysAs(sql`coalesce(fields @> '{"products": [{"belowMinimum": true}]}'::jsonb, false)`),
    /**
     * The language the form was sent from (decision 0164): a code of content/locales.yaml, checked
     * at the intake (an unknown one is the default's). The buyer's mails and quotation speak it; the
     * desk shows and filters by it. Leads stored before it are English.
     */
    locale: text("locale").notNull().default("en"),
  },
  (t) => [
    check("leads_eml_bytes_or_key", sql`(${t.eml} is null) <> (${t.emlKey} is null)`),
    // The inbox lists newest first (these read backwards: ORDER BY … DESC is NULLS FIRST, which a
    // DESC NULLS LAST index cannot give) over every type a role may see, or one type, or one type's
    // status. Type and status ride along so a deep page and a count are read from the index alone.
    // The assignee rides along too, so "unassigned" is filtered and counted from the index alone.
    index("leads_received").on(t.receivedAt, t.id, t.form, t.status, t.assigneeId),
    index("leads_received_by_form").on(t.form, t.receivedAt, t.id),
    index("leads_received_by_form_status").on(t.form, t.status, t.receivedAt, t.id),
    // "My leads": one staff user's, newest first, with type and status to filter and count them
    // without reading the rows (decision 0089).
    index("leads_received_by_assignee")
      .on(t.assigneeId, t.receivedAt, t.id, t.form, t.status)
      .where(sql`${t.assigneeId} is not null`),
    index("leads_search").using("gin", t.search),
    // "Trial orders": the few quote requests below a minimum, newest first, with what the list filters by.
    index("leads_below_minimum")
      .on(t.receivedAt, t.id, t.form, t.status, t.assigneeId)
      .where(sql`${t.belowMinimum}`),
    // An e-mail address typed in the search box is matched exactly (any case) through this index as
    // well as word by word (server/leads/inbox.ts): one lead among half a million in a millisecond.
    index("leads_email").on(sql`lower(${t.fields}->>'email')`),
    // A customer's leads (decision 0149): the same company name, any case, whitespace left out, as well
    // as the same e-mail address (leads_email); the statement in server/leads/inbox.ts spells the same expression.
    index("leads_company").on(sql`lower(regexp_replace(${t.fields}->>'company', '\\s+', '', 'g'))`),
    // "Waiting for us": the leads whose last message is the sender's, oldest first.
    index("leads_awaiting")
      .on(t.awaitingSince, t.id, t.form)
      .where(sql`${t.awaitingSince} is not null`),
  ],
);

/** Files a visitor sent with a lead: an application's resume, a quote's attachments in the buyer's order. */
export const leadFiles = pgTable(
  "lead_files",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    leadId: bigint("lead_id", { mode: "number" })
      .notNull()
      .references(() => leads.id),
    /** "resume" or "attachment" (app/lib/contracts/leads.ts leadFileRoles). */
    role: text("role").$type<LeadFileRole>().notNull(),
    /** Its place among the lead's files of its role, from 0. */
    position: integer("position").notNull().default(0),
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    /** The bytes, when the file is kept in the database (no object storage, or the bucket was down when it came: decision 0161). */
    content: bytea("content"),
    /** Its key in the object store (OBJECT_STORAGE_*), when the bytes are there instead: unguessable, unique. */
    objectKey: text("object_key").unique(),
    /** Its size in bytes and SHA-256 (hex): set for every file stored since migration 0018, and by the move to object storage. */
    size: bigint("size", { mode: "number" }),
    sha256: text("sha256"),
    /** The message it came or went with (lead_messages); null for the files of the request itself. */
    messageId: bigint("message_id", { mode: "number" }).references(() => leadMessages.id),
  },
  (t) => [
    check("lead_files_bytes_or_key", sql`(${t.content} is null) <> (${t.objectKey} is null)`),
    index("lead_files_lead_id").on(t.leadId),
    index("lead_files_message_id")
      .on(t.messageId)
      .where(sql`${t.messageId} is not null`),
  ],
);

/**
 * Objects in the bucket whose files were deleted with their lead (decision 0161): queued by the
 * statement that deletes the rows, removed from the bucket by the retention job and the move
 * command (server/leads/files.ts), so a bucket down at that moment never keeps a deleted file.
 */
export const objectRemovals = pgTable("object_removals", {
  objectKey: text("object_key").primaryKey(),
  queuedAt: timestamp("queued_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The conversation of a lead (decision 0103): every e-mail the desk sent (`direction` "out": a staff
 * member's reply, with its mail job) and every answer read back from the company's mailbox ("in").
 * `message_id` (the RFC 5322 Message-ID, angle brackets included) is unique: an inbound message
 * is stored once whoever reads it. `body` is text only (an HTML mail converted, never rendered).
 */
export const leadMessages = pgTable(
  "lead_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    leadId: bigint("lead_id", { mode: "number" })
      .notNull()
      .references(() => leads.id),
    direction: text("direction").$type<"in" | "out">().notNull(),
    messageId: text("message_id").notNull().unique(),
    inReplyTo: text("in_reply_to"),
    /** The References header: Message-IDs separated by spaces. */
    references: text("references"),
    fromAddress: text("from_address").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    /** The staff member who sent a reply (auth user id and name as it was); null for inbound mail. */
    sentById: text("sent_by_id"),
    sentByName: text("sent_by_name"),
    /** "quotation" when the reply carries a quotation (decision 0119); null otherwise. */
    purpose: text("purpose"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("lead_messages_lead").on(t.leadId, t.at, t.id)],
);

/**
 * Where reading each mailbox got to: its UIDVALIDITY and the last UID looked at, advanced in the
 * statement that stores what that read found, so a restart resumes there and never skips a message.
 */
export const inboundCursors = pgTable("inbound_cursors", {
  mailbox: text("mailbox").primaryKey(),
  uidValidity: bigint("uid_validity", { mode: "number" }).notNull(),
  lastUid: bigint("last_uid", { mode: "number" }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Scheduled jobs that ran (the morning digest): one row per job and slot, claimed once across instances. */
export const scheduledRuns = pgTable(
  "scheduled_runs",
  {
    job: text("job").notNull(),
    /** The slot it ran for, e.g. the local date "2026-11-28". */
    slot: text("slot").notNull(),
    ranAt: timestamp("ran_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.job, t.slot] })],
);

/**
 * The transactional outbox: a lead's e-mails, written in the lead's transaction — one per `kind`:
 * "company" (the lead's own `.eml` to the company) and, for a quote request, "acknowledgement" (its
 * own `eml` to the buyer, `recipients` the envelope's). The relay claims due jobs (FOR UPDATE SKIP
 * LOCKED) for a lease, and sets `sent_at` only after the SMTP server accepted the message; a failure
 * sets the next attempt (back-off) and frees the claim. Each job is sent once.
 */
export const mailJobs = pgTable(
  "mail_jobs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** The lead it is about; null for a message of the site's own (a certificate's expiry reminder, decision 0078; the morning digest, decision 0104). */
    leadId: bigint("lead_id", { mode: "number" }).references(() => leads.id),
    kind: text("kind").notNull().default("company"),
    /** The message when it is not the lead's own `.eml` (the buyer's acknowledgement). */
    eml: bytea("eml"),
    /** The message's key in the object store when it is there instead of `eml` (decision 0161), with its size and SHA-256 (hex). */
    emlKey: text("eml_key").unique(),
    emlSize: bigint("eml_size", { mode: "number" }),
    emlSha256: text("eml_sha256"),
    /** Envelope recipients, comma-separated, when not the company's (MAIL_TO). */
    recipients: text("recipients"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    lastError: text("last_error"),
    /** The Message-ID of the job's own message (the buyer's acknowledgement): an answer to it is threaded into the lead. */
    messageId: text("message_id"),
  },
  (t) => [
    // Bytes or a key, never both; neither: the lead's own `.eml`.
    check("mail_jobs_eml_bytes_or_key", sql`${t.eml} is null or ${t.emlKey} is null`),
    index("mail_jobs_due")
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.sentAt} is null`),
    uniqueIndex("mail_jobs_lead_kind").on(t.leadId, t.kind),
    // A message of the site's own exists once per kind (e.g. certificate-expiry:{record}:{day}:{admin}), whichever instance queues it first.
    uniqueIndex("mail_jobs_site_kind")
      .on(t.kind)
      .where(sql`${t.leadId} is null`),
    index("mail_jobs_message_id")
      .on(t.messageId)
      .where(sql`${t.messageId} is not null`),
  ],
);

/** The last reference number given out per prefix (C, A, Q) and year: one row each, locked while it counts up. */
export const referenceCounters = pgTable(
  "reference_counters",
  {
    prefix: text("prefix").notNull(),
    year: integer("year").notNull(),
    last: integer("last").notNull(),
  },
  (t) => [primaryKey({ columns: [t.prefix, t.year] })],
);

/**
 * The duplicate rule (a double press on Send) as a unique key shared by every instance: one row per
 * distinct submission content (SHA-256), with the time it was last accepted. Accepting the same
 * content again within the window finds the key taken and stores nothing.
 */
export const submissionKeys = pgTable("submission_keys", {
  hash: text("hash").primaryKey(),
  acceptedAt: timestamp("accepted_at", { withTimezone: true }).notNull().defaultNow(),
  leadId: bigint("lead_id", { mode: "number" })
    .notNull()
    .references(() => leads.id),
});

/** One-time data imports that have run (the former ./outbox folder), so a restart does not repeat them. */
export const imports = pgTable("imports", {
  name: text("name").primaryKey(),
  importedAt: timestamp("imported_at", { withTimezone: true }).notNull().defaultNow(),
  count: integer("count").notNull(),
});

/**
 * A lead's history (decision 0052): status changes, assignments and internal notes, in order. The actor's
 * name is kept as it was, so the history still reads after an account is renamed or removed.
 */
export const leadEvents = pgTable(
  "lead_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    leadId: bigint("lead_id", { mode: "number" })
      .notNull()
      .references(() => leads.id),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: text("actor_id").notNull(),
    actorName: text("actor_name").notNull(),
    /** "status" (from → to), "assign" (from → to: user ids, null for nobody) or "note" (body). */
    kind: text("kind").notNull(),
    fromValue: text("from_value"),
    toValue: text("to_value"),
    body: text("body"),
  },
  (t) => [index("lead_events_lead_id").on(t.leadId, t.id)],
);

/** Which staff user has opened which lead: the inbox's unread marker is the absence of a row. */
export const leadReads = pgTable(
  "lead_reads",
  {
    leadId: bigint("lead_id", { mode: "number" })
      .notNull()
      .references(() => leads.id),
    staffId: text("staff_id").notNull(),
    readAt: timestamp("read_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.leadId, t.staffId] })],
);

/**
 * The content history (decision 0093): one row per studio save (create, update, delete, photo upload,
 * restore), written in the same step as the files (server/studio/content-saves.ts). Who is kept as
 * it was (name and e-mail), so the history still reads after an account is renamed or removed;
 * "this machine" before the first account. The entry is the collection or singleton's key in
 * keystatic.config.ts and the collection entry's slug ("" for a singleton).
 */
export const contentRevisions = pgTable(
  "content_revisions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** staff_users.id; null for "this machine" (no account yet). */
    actorId: text("actor_id"),
    actorName: text("actor_name").notNull(),
    actorEmail: text("actor_email"),
    /** "singleton", "collection" or "files" (a save of files no entry owns, e.g. photos alone). */
    entryKind: text("entry_kind").notNull(),
    entryKey: text("entry_key").notNull(),
    entrySlug: text("entry_slug").notNull().default(""),
    /** "create", "update", "delete", "upload", "restore", "discard" (the working copy) or "publish" (the published tree, decision 0159). */
    action: text("action").notNull(),
    /** The revision whose earlier version a restore wrote back. */
    restoredFrom: bigint("restored_from", { mode: "number" }),
    /** GitHub mode's commit, when a save is one (decision 0097: not recorded by this server today). */
    commitSha: text("commit_sha"),
  },
  (t) => [
    index("content_revisions_entry").on(t.entryKey, t.entrySlug, t.id),
    index("content_revisions_at").on(t.at, t.id),
    index("content_revisions_actor").on(t.actorName, t.id),
  ],
);

/**
 * The bytes of binary files (photos) a revision names by SHA-256, once per content: kept while a
 * revision refers to them (the references below make a referenced blob undeletable). The bytes are
 * in the row or, with OBJECT_STORAGE_* (decision 0161, "Refined: the content photos' originals",
 * migration 0021), in the bucket under `object_key`: never both nor neither.
 */
export const contentBlobs = pgTable(
  "content_blobs",
  {
    sha256: text("sha256").primaryKey(),
    bytes: bytea("bytes"),
    size: integer("size").notNull(),
    /** The object's key in the bucket (`content-blobs/` and 192 bits from the CSPRNG); null: the bytes are in the row. */
    objectKey: text("object_key").unique(),
    /** The type the photo was stored with (from the first path that named it); null: recorded before migration 0021. */
    contentType: text("content_type"),
  },
  (t) => [check("content_blobs_bytes_or_key", sql`(${t.bytes} is null) <> (${t.objectKey} is null)`)],
);

/**
 * Each file a save changed, before and after: text files as text, binary files by hash (their bytes
 * in content_blobs). A side with neither is a file that did not exist (created, or deleted).
 */
export const contentRevisionFiles = pgTable(
  "content_revision_files",
  {
    revisionId: bigint("revision_id", { mode: "number" })
      .notNull()
      .references(() => contentRevisions.id, { onDelete: "cascade" }),
    path: text("path").notNull(),
    beforeText: text("before_text"),
    beforeBlob: text("before_blob").references(() => contentBlobs.sha256),
    afterText: text("after_text"),
    afterBlob: text("after_blob").references(() => contentBlobs.sha256),
  },
  (t) => [
    primaryKey({ columns: [t.revisionId, t.path] }),
    index("content_revision_files_before_blob").on(t.beforeBlob),
    index("content_revision_files_after_blob").on(t.afterBlob),
  ],
);

/**
 * A publish waiting for its time or for an approval (decision 0159): the entries (keystatic.config.ts's
 * kind, key and slug) to copy from the drafts (CONTENT_DIR) into the published tree, when (`run_at`;
 * null: as soon as it is approved) and who asked. `status`: "waiting-approval" (an admin other than
 * the requester approves it), "scheduled" (due at `run_at`; claimed once across instances through
 * scheduled_runs, job "publish", slot "<id>@<claimed_at before>"), "running" (since `claimed_at`;
 * one still running after a lease, its instance gone, is claimed again), "done" (its revision),
 * "failed" (its reason), "cancelled". `note` says what happened ("published late: the server was
 * down at …").
 */
export const publishRequests = pgTable(
  "publish_requests",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    entries: jsonb("entries").$type<Array<{ kind: "singleton" | "collection" | "files"; key: string; slug: string }>>().notNull(),
    runAt: timestamp("run_at", { withTimezone: true }),
    status: text("status").notNull(),
    requestedById: text("requested_by_id"),
    requestedByName: text("requested_by_name").notNull(),
    requestedByEmail: text("requested_by_email"),
    approvedById: text("approved_by_id"),
    approvedByName: text("approved_by_name"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp("done_at", { withTimezone: true }),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    revisionId: bigint("revision_id", { mode: "number" }),
    note: text("note"),
  },
  (t) => [
    index("publish_requests_due").on(t.status, t.runAt),
    check("publish_requests_status", sql`${t.status} in ('waiting-approval', 'scheduled', 'running', 'done', 'failed', 'cancelled')`),
  ],
);

/**
 * A quotation on a quote lead (decision 0110): a draft staff edit (one per lead at a time,
 * `version` null), then each send a numbered, immutable version (v1, v2 …) with its PDF as sent and
 * the hash of its private link's token (the link itself is only in the buyer's e-mail). A new version
 * supersedes the earlier ones, except an accepted one: a version sent after an acceptance is a
 * revision of it, with its reason (decision 0137). `status`: draft, sent, superseded, accepted,
 * changes_requested, declined, expired, revoked (server/leads/quotations.ts).
 */
export const quotations = pgTable(
  "quotations",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    leadId: bigint("lead_id", { mode: "number" })
      .notNull()
      .references(() => leads.id),
    version: integer("version"),
    status: text("status").notNull().default("draft"),
    incoterm: text("incoterm").notNull().default(""),
    namedPlace: text("named_place").notNull().default(""),
    paymentTerms: text("payment_terms").notNull().default(""),
    leadTime: text("lead_time").notNull().default(""),
    /** The last day the prices hold (the buyer's page says "expired" after it, in UTC). */
    validUntil: date("valid_until", { mode: "string" }).notNull(),
    sampleTerms: text("sample_terms").notNull().default(""),
    terms: text("terms").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    createdById: text("created_by_id").notNull(),
    createdByName: text("created_by_name").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    sentById: text("sent_by_id"),
    sentByName: text("sent_by_name"),
    /** SHA-256 (hex) of the buyer's link token: a database read reveals no live link. */
    tokenHash: text("token_hash").unique(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** The PDF as it was sent: the buyer's download and the e-mail's attachment are the same bytes. */
    pdf: bytea("pdf"),
    /** Its key in the object store when the PDF is there instead of `pdf` (decision 0161), with its size and SHA-256 (hex). */
    pdfKey: text("pdf_key").unique(),
    pdfSize: bigint("pdf_size", { mode: "number" }),
    pdfSha256: text("pdf_sha256"),
    /** The buyer's answer: when, from which client address, who (accepting) and what they wrote. */
    respondedAt: timestamp("responded_at", { withTimezone: true }),
    responderName: text("responder_name"),
    responderPosition: text("responder_position"),
    responderAddress: text("responder_address"),
    responseMessage: text("response_message"),
    /** A revision of an accepted version (decision 0137): why staff revise it (typed in the draft), and the accepted version it revises (set when sent). */
    revisionReason: text("revision_reason"),
    revisesVersion: integer("revises_version"),
  },
  (t) => [
    check("quotations_pdf_bytes_or_key", sql`${t.pdf} is null or ${t.pdfKey} is null`),
    uniqueIndex("quotations_one_draft")
      .on(t.leadId)
      .where(sql`${t.status} = 'draft'`),
    uniqueIndex("quotations_lead_version").on(t.leadId, t.version),
    index("quotations_open").on(t.status, t.validUntil),
  ],
);

/** A quotation's lines in order: a product, its quantity and details, and a unit price in minor units of an ISO 4217 currency (null until priced). */
export const quotationLines = pgTable(
  "quotation_lines",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    quotationId: bigint("quotation_id", { mode: "number" })
      .notNull()
      .references(() => quotations.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    /** {family}/{item} of the gallery when the line came from the request; "" for one staff added. */
    productRef: text("product_ref").notNull().default(""),
    product: text("product").notNull(),
    quantity: integer("quantity").notNull(),
    colours: integer("colours").notNull().default(1),
    sizes: text("sizes").notNull().default(""),
    unitPriceMinor: bigint("unit_price_minor", { mode: "bigint" }),
    currency: text("currency").notNull(),
    notes: text("notes").notNull().default(""),
  },
  (t) => [
    index("quotation_lines_quotation").on(t.quotationId, t.position),
    check("quotation_lines_currency", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check("quotation_lines_amounts", sql`${t.quantity} > 0 and ${t.colours} > 0 and (${t.unitPriceMinor} is null or ${t.unitPriceMinor} >= 0)`),
  ],
);

/**
 * A line's price breaks (decision 0156): from `minQuantity` pieces, `unitPriceMinor` per piece in the
 * line's currency — an offer for a larger order, never part of the line's amount or the totals. At most
 * four a line, in `position` order; above the line's quantity and increasing (checked where they are
 * written, server/leads/quotations.ts, for a check sees one row). They go with their line: a draft's
 * save replaces them, a sent version keeps them as sent.
 */
export const quotationLineBreaks = pgTable(
  "quotation_line_breaks",
  {
    lineId: bigint("line_id", { mode: "number" })
      .notNull()
      .references(() => quotationLines.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    minQuantity: integer("min_quantity").notNull(),
    unitPriceMinor: bigint("unit_price_minor", { mode: "bigint" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.lineId, t.position] }),
    uniqueIndex("quotation_line_breaks_quantity").on(t.lineId, t.minQuantity),
    check("quotation_line_breaks_position", sql`${t.position} between 0 and 3`),
    check("quotation_line_breaks_amounts", sql`${t.minQuantity} > 0 and ${t.unitPriceMinor} >= 0`),
  ],
);

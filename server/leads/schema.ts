import { sql } from "drizzle-orm";
import { bigint, bigserial, customType, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/** PostgreSQL's bytea as a Node Buffer (node-postgres and PGlite both read it as bytes). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * One row per accepted submission (contact message, job application; later quote requests).
 * `eml` is the message exactly as the company receives it (what the relay sends, and what staff
 * can download); `fields` are the visitor's text fields, for listing and searching.
 */
export const leads = pgTable("leads", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  form: text("form").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  fields: jsonb("fields").$type<Record<string, string>>().notNull(),
  eml: bytea("eml").notNull(),
  /** "web" for submissions, "outbox" for .eml files imported from the former outbox folder. */
  source: text("source").notNull().default("web"),
  /** A quote request's reference (Q-2026-00042), told to the buyer; unique across instances (quote_counters). */
  reference: text("reference").unique(),
});

/** Files a visitor sent with a lead (the resume; later a quote's attachments). */
export const leadFiles = pgTable(
  "lead_files",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    leadId: bigint("lead_id", { mode: "number" })
      .notNull()
      .references(() => leads.id),
    field: text("field").notNull(),
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    content: bytea("content").notNull(),
  },
  (t) => [index("lead_files_lead_id").on(t.leadId)],
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
    leadId: bigint("lead_id", { mode: "number" })
      .notNull()
      .references(() => leads.id),
    kind: text("kind").notNull().default("company"),
    /** The message when it is not the lead's own `.eml` (the buyer's acknowledgement). */
    eml: bytea("eml"),
    /** Envelope recipients, comma-separated, when not the company's (MAIL_TO). */
    recipients: text("recipients"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    lastError: text("last_error"),
  },
  (t) => [index("mail_jobs_due").on(t.nextAttemptAt, t.id).where(sql`${t.sentAt} is null`), uniqueIndex("mail_jobs_lead_kind").on(t.leadId, t.kind)],
);

/** The last quote reference number given out in each year: one row per year, locked while it counts up. */
export const quoteCounters = pgTable("quote_counters", {
  year: integer("year").primaryKey(),
  last: integer("last").notNull(),
});

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

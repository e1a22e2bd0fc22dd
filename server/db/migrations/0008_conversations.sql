-- Conversations (issue 45, decisions 0100-0105): a reference for every lead (C-, A-, Q-YYYY-NNNNN, one
-- counter per prefix and year, generalising quote_counters; existing leads numbered by received year in
-- id order, continuing the quote counter), lead_messages (replies sent, answers read back) with their
-- files in lead_files, the lead's first response and waiting times, the inbound mailbox cursor and the
-- scheduled jobs' runs. Written by hand around what drizzle-kit generated from schema.ts.
CREATE TABLE "inbound_cursors" (
	"mailbox" text PRIMARY KEY NOT NULL,
	"uid_validity" bigint NOT NULL,
	"last_uid" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lead_id" bigint NOT NULL,
	"direction" text NOT NULL,
	"message_id" text NOT NULL,
	"in_reply_to" text,
	"references" text,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"sent_by_id" text,
	"sent_by_name" text,
	"purpose" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_messages_message_id_unique" UNIQUE("message_id")
);
--> statement-breakpoint
CREATE TABLE "reference_counters" (
	"prefix" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "reference_counters_prefix_year_pk" PRIMARY KEY("prefix","year")
);
--> statement-breakpoint
CREATE TABLE "scheduled_runs" (
	"job" text NOT NULL,
	"slot" text NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_runs_job_slot_pk" PRIMARY KEY("job","slot")
);
--> statement-breakpoint
ALTER TABLE "lead_files" ADD COLUMN "message_id" bigint;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "first_response_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "awaiting_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_jobs" ADD COLUMN "message_id" text;--> statement-breakpoint
ALTER TABLE "mail_jobs" ALTER COLUMN "lead_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_messages" ADD CONSTRAINT "lead_messages_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_messages_lead" ON "lead_messages" USING btree ("lead_id","at","id");--> statement-breakpoint
ALTER TABLE "lead_files" ADD CONSTRAINT "lead_files_message_id_lead_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."lead_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_files_message_id" ON "lead_files" USING btree ("message_id") WHERE "lead_files"."message_id" is not null;--> statement-breakpoint
CREATE INDEX "leads_awaiting" ON "leads" USING btree ("awaiting_since","id","form") WHERE "leads"."awaiting_since" is not null;--> statement-breakpoint
CREATE INDEX "mail_jobs_message_id" ON "mail_jobs" USING btree ("message_id") WHERE "mail_jobs"."message_id" is not null;--> statement-breakpoint
INSERT INTO "reference_counters" ("prefix", "year", "last") SELECT 'Q', "year", "last" FROM "quote_counters";--> statement-breakpoint
DROP TABLE "quote_counters" CASCADE;--> statement-breakpoint
CREATE FUNCTION "lead_reference_prefix"(form text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE form WHEN 'quote' THEN 'Q' WHEN 'career' THEN 'A' ELSE 'C' END
$$;--> statement-breakpoint
CREATE FUNCTION "lead_reference_text"(prefix text, year integer, n bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT prefix || '-' || year || '-' || CASE WHEN length(n::text) >= 5 THEN n::text ELSE lpad(n::text, 5, '0') END
$$;--> statement-breakpoint
UPDATE "leads" SET "reference" = "lead_reference_text"(numbered.prefix, numbered.year, coalesce(c."last", 0) + numbered.n)
  FROM (
    SELECT "id", prefix, year, row_number() OVER (PARTITION BY prefix, year ORDER BY "id") AS n
    FROM (SELECT "id", "lead_reference_prefix"("form") AS prefix, extract(year FROM "received_at" AT TIME ZONE 'UTC')::integer AS year FROM "leads" WHERE "reference" IS NULL) AS unnumbered
  ) AS numbered
  LEFT JOIN "reference_counters" c ON c."prefix" = numbered.prefix AND c."year" = numbered.year
  WHERE "leads"."id" = numbered."id";--> statement-breakpoint
INSERT INTO "reference_counters" ("prefix", "year", "last")
  SELECT split_part("reference", '-', 1), split_part("reference", '-', 2)::integer, max(split_part("reference", '-', 3)::integer)
  FROM "leads" WHERE "reference" ~ '^[CAQ]-[0-9]{4}-[0-9]{1,9}$' GROUP BY 1, 2
  ON CONFLICT ("prefix", "year") DO UPDATE SET "last" = greatest("reference_counters"."last", excluded."last");--> statement-breakpoint
ALTER TABLE "leads" ALTER COLUMN "reference" SET NOT NULL;--> statement-breakpoint
CREATE FUNCTION "next_lead_reference"(prefix text, year integer) RETURNS text LANGUAGE sql VOLATILE AS $$
  INSERT INTO "reference_counters" ("prefix", "year", "last") VALUES (prefix, year, 1)
  ON CONFLICT ("prefix", "year") DO UPDATE SET "last" = "reference_counters"."last" + 1
  RETURNING "lead_reference_text"("prefix", "year", "last")
$$;--> statement-breakpoint
UPDATE "leads" SET "awaiting_since" = "received_at" WHERE "status" = 'new' AND "source" = 'web';--> statement-breakpoint
CREATE FUNCTION "leads_give_reference"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A request from the site waits for us from its arrival until our first reply (decision 0101).
  IF NEW."source" = 'web' AND NEW."awaiting_since" IS NULL AND NEW."first_response_at" IS NULL THEN
    NEW."awaiting_since" := coalesce(NEW."received_at", now());
  END IF;
  IF NEW."reference" IS NULL THEN
    NEW."reference" := "next_lead_reference"("lead_reference_prefix"(NEW."form"), extract(year FROM coalesce(NEW."received_at", now()) AT TIME ZONE 'UTC')::integer);
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "leads_reference" BEFORE INSERT ON "leads" FOR EACH ROW EXECUTE FUNCTION "leads_give_reference"();

CREATE TABLE "quote_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_jobs" DROP CONSTRAINT "mail_jobs_lead_id_unique";--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "mail_jobs" ADD COLUMN "kind" text DEFAULT 'company' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_jobs" ADD COLUMN "eml" "bytea";--> statement-breakpoint
ALTER TABLE "mail_jobs" ADD COLUMN "recipients" text;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_jobs_lead_kind" ON "mail_jobs" USING btree ("lead_id","kind");--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_reference_unique" UNIQUE("reference");
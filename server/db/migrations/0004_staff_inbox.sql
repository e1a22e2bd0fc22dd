CREATE TABLE "lead_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lead_id" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text NOT NULL,
	"actor_name" text NOT NULL,
	"kind" text NOT NULL,
	"from_value" text,
	"to_value" text,
	"body" text
);
--> statement-breakpoint
CREATE TABLE "lead_reads" (
	"lead_id" bigint NOT NULL,
	"staff_id" text NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_reads_lead_id_staff_id_pk" PRIMARY KEY("lead_id","staff_id")
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "assignee_id" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', coalesce(fields->>'name', '') || ' ' || coalesce(fields->>'email', '') || ' ' || coalesce(fields->>'company', '') || ' ' || coalesce(fields->>'country', '') || ' ' || coalesce(fields->>'subject', '') || ' ' || coalesce(fields->>'products', '') || ' ' || coalesce(fields->>'position', '') || ' ' || coalesce(fields->>'message', '') || ' ' || coalesce(fields->>'coverLetter', '') || ' ' || translate(coalesce(fields->>'email', ''), '@.', '  '))) STORED;--> statement-breakpoint
ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_reads" ADD CONSTRAINT "lead_reads_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_events_lead_id" ON "lead_events" USING btree ("lead_id","id");--> statement-breakpoint
CREATE INDEX "leads_received" ON "leads" USING btree ("received_at","id","form","status");--> statement-breakpoint
CREATE INDEX "leads_received_by_form" ON "leads" USING btree ("form","received_at","id");--> statement-breakpoint
CREATE INDEX "leads_received_by_form_status" ON "leads" USING btree ("form","status","received_at","id");--> statement-breakpoint
CREATE INDEX "leads_received_by_assignee" ON "leads" USING btree ("assignee_id","received_at","id") WHERE "leads"."assignee_id" is not null;--> statement-breakpoint
CREATE INDEX "leads_search" ON "leads" USING gin ("search");
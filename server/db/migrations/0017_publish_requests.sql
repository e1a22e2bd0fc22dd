CREATE TABLE "publish_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entries" jsonb NOT NULL,
	"run_at" timestamp with time zone,
	"status" text NOT NULL,
	"requested_by_id" text,
	"requested_by_name" text NOT NULL,
	"requested_by_email" text,
	"approved_by_id" text,
	"approved_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"revision_id" bigint,
	"note" text,
	CONSTRAINT "publish_requests_status" CHECK ("publish_requests"."status" in ('waiting-approval', 'scheduled', 'running', 'done', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE INDEX "publish_requests_due" ON "publish_requests" USING btree ("status","run_at");
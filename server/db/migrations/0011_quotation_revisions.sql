ALTER TABLE "quotations" ADD COLUMN "revision_reason" text;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "revises_version" integer;
ALTER TABLE "mail_jobs" ALTER COLUMN "lead_id" DROP NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_jobs_site_kind" ON "mail_jobs" USING btree ("kind") WHERE "mail_jobs"."lead_id" is null;
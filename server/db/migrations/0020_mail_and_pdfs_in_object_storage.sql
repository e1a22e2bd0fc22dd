ALTER TABLE "leads" ALTER COLUMN "eml" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "eml_key" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "eml_size" bigint;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "eml_sha256" text;--> statement-breakpoint
ALTER TABLE "mail_jobs" ADD COLUMN "eml_key" text;--> statement-breakpoint
ALTER TABLE "mail_jobs" ADD COLUMN "eml_size" bigint;--> statement-breakpoint
ALTER TABLE "mail_jobs" ADD COLUMN "eml_sha256" text;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "pdf_key" text;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "pdf_size" bigint;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "pdf_sha256" text;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_eml_key_unique" UNIQUE("eml_key");--> statement-breakpoint
ALTER TABLE "mail_jobs" ADD CONSTRAINT "mail_jobs_eml_key_unique" UNIQUE("eml_key");--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_pdf_key_unique" UNIQUE("pdf_key");--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_eml_bytes_or_key" CHECK (("leads"."eml" is null) <> ("leads"."eml_key" is null));--> statement-breakpoint
ALTER TABLE "mail_jobs" ADD CONSTRAINT "mail_jobs_eml_bytes_or_key" CHECK ("mail_jobs"."eml" is null or "mail_jobs"."eml_key" is null);--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_pdf_bytes_or_key" CHECK ("quotations"."pdf" is null or "quotations"."pdf_key" is null);
CREATE TABLE "object_removals" (
	"object_key" text PRIMARY KEY NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_files" ALTER COLUMN "content" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_files" ADD COLUMN "object_key" text;--> statement-breakpoint
ALTER TABLE "lead_files" ADD COLUMN "size" bigint;--> statement-breakpoint
ALTER TABLE "lead_files" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "lead_files" ADD CONSTRAINT "lead_files_object_key_unique" UNIQUE("object_key");--> statement-breakpoint
ALTER TABLE "lead_files" ADD CONSTRAINT "lead_files_bytes_or_key" CHECK (("lead_files"."content" is null) <> ("lead_files"."object_key" is null));
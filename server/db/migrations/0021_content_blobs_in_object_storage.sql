ALTER TABLE "content_blobs" ALTER COLUMN "bytes" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "content_blobs" ADD COLUMN "object_key" text;--> statement-breakpoint
ALTER TABLE "content_blobs" ADD COLUMN "content_type" text;--> statement-breakpoint
ALTER TABLE "content_blobs" ADD CONSTRAINT "content_blobs_object_key_unique" UNIQUE("object_key");--> statement-breakpoint
ALTER TABLE "content_blobs" ADD CONSTRAINT "content_blobs_bytes_or_key" CHECK (("content_blobs"."bytes" is null) <> ("content_blobs"."object_key" is null));
CREATE TABLE "content_blobs" (
	"sha256" text PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL,
	"size" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_revision_files" (
	"revision_id" bigint NOT NULL,
	"path" text NOT NULL,
	"before_text" text,
	"before_blob" text,
	"after_text" text,
	"after_blob" text,
	CONSTRAINT "content_revision_files_revision_id_path_pk" PRIMARY KEY("revision_id","path")
);
--> statement-breakpoint
CREATE TABLE "content_revisions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"actor_email" text,
	"entry_kind" text NOT NULL,
	"entry_key" text NOT NULL,
	"entry_slug" text DEFAULT '' NOT NULL,
	"action" text NOT NULL,
	"restored_from" bigint,
	"commit_sha" text
);
--> statement-breakpoint
ALTER TABLE "content_revision_files" ADD CONSTRAINT "content_revision_files_revision_id_content_revisions_id_fk" FOREIGN KEY ("revision_id") REFERENCES "public"."content_revisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_revision_files" ADD CONSTRAINT "content_revision_files_before_blob_content_blobs_sha256_fk" FOREIGN KEY ("before_blob") REFERENCES "public"."content_blobs"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_revision_files" ADD CONSTRAINT "content_revision_files_after_blob_content_blobs_sha256_fk" FOREIGN KEY ("after_blob") REFERENCES "public"."content_blobs"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_revision_files_before_blob" ON "content_revision_files" USING btree ("before_blob");--> statement-breakpoint
CREATE INDEX "content_revision_files_after_blob" ON "content_revision_files" USING btree ("after_blob");--> statement-breakpoint
CREATE INDEX "content_revisions_entry" ON "content_revisions" USING btree ("entry_key","entry_slug","id");--> statement-breakpoint
CREATE INDEX "content_revisions_at" ON "content_revisions" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "content_revisions_actor" ON "content_revisions" USING btree ("actor_name","id");
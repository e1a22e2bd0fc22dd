CREATE TABLE "quotation_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"quotation_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"product_ref" text DEFAULT '' NOT NULL,
	"product" text NOT NULL,
	"quantity" integer NOT NULL,
	"colours" integer DEFAULT 1 NOT NULL,
	"sizes" text DEFAULT '' NOT NULL,
	"unit_price_minor" bigint,
	"currency" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	CONSTRAINT "quotation_lines_currency" CHECK ("quotation_lines"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "quotation_lines_amounts" CHECK ("quotation_lines"."quantity" > 0 and "quotation_lines"."colours" > 0 and ("quotation_lines"."unit_price_minor" is null or "quotation_lines"."unit_price_minor" >= 0))
);
--> statement-breakpoint
CREATE TABLE "quotations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lead_id" bigint NOT NULL,
	"version" integer,
	"status" text DEFAULT 'draft' NOT NULL,
	"incoterm" text DEFAULT '' NOT NULL,
	"named_place" text DEFAULT '' NOT NULL,
	"payment_terms" text DEFAULT '' NOT NULL,
	"lead_time" text DEFAULT '' NOT NULL,
	"valid_until" date NOT NULL,
	"sample_terms" text DEFAULT '' NOT NULL,
	"terms" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" text NOT NULL,
	"created_by_name" text NOT NULL,
	"sent_at" timestamp with time zone,
	"sent_by_id" text,
	"sent_by_name" text,
	"token_hash" text,
	"revoked_at" timestamp with time zone,
	"pdf" "bytea",
	"responded_at" timestamp with time zone,
	"responder_name" text,
	"responder_position" text,
	"responder_address" text,
	"response_message" text,
	CONSTRAINT "quotations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "quotation_lines" ADD CONSTRAINT "quotation_lines_quotation_id_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotation_lines_quotation" ON "quotation_lines" USING btree ("quotation_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "quotations_one_draft" ON "quotations" USING btree ("lead_id") WHERE "quotations"."status" = 'draft';--> statement-breakpoint
CREATE UNIQUE INDEX "quotations_lead_version" ON "quotations" USING btree ("lead_id","version");--> statement-breakpoint
CREATE INDEX "quotations_open" ON "quotations" USING btree ("status","valid_until");
CREATE TABLE "quotation_line_breaks" (
	"line_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"min_quantity" integer NOT NULL,
	"unit_price_minor" bigint NOT NULL,
	CONSTRAINT "quotation_line_breaks_line_id_position_pk" PRIMARY KEY("line_id","position"),
	CONSTRAINT "quotation_line_breaks_position" CHECK ("quotation_line_breaks"."position" between 0 and 3),
	CONSTRAINT "quotation_line_breaks_amounts" CHECK ("quotation_line_breaks"."min_quantity" > 0 and "quotation_line_breaks"."unit_price_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "quotation_line_breaks" ADD CONSTRAINT "quotation_line_breaks_line_id_quotation_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."quotation_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quotation_line_breaks_quantity" ON "quotation_line_breaks" USING btree ("line_id","min_quantity");
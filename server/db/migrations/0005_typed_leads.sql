-- Typed leads (issue 44, decision 0082). `fields` holds each kind's typed JSON (app/lib/contracts/leads.ts):
-- a quote's products a list of objects with quantities and colours as numbers (they were a JSON string),
-- no file names (they are in lead_files) and no reference (it is in its own column). Files carry a
-- typed role ("resume", "attachment") and their order instead of the EmailJS names attachment, attachment_1…
-- Written by hand around what drizzle-kit generated from schema.ts (the search column and the new columns).
CREATE FUNCTION "leads_0005_products"(products text) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  parsed jsonb;
BEGIN
  -- A products value that is not a JSON list (a hand-written row) is kept as the text it was.
  BEGIN
    parsed := products::jsonb;
  EXCEPTION WHEN others THEN
    RETURN to_jsonb(products);
  END;
  IF jsonb_typeof(parsed) <> 'array' THEN
    RETURN to_jsonb(products);
  END IF;
  RETURN coalesce((
    SELECT jsonb_agg(
      CASE WHEN jsonb_typeof(p) <> 'object' THEN p ELSE
        (SELECT CASE WHEN q->>'colours' ~ '^\d{1,9}$' THEN jsonb_set(q, '{colours}', to_jsonb((q->>'colours')::integer)) ELSE q END
         FROM (SELECT CASE WHEN p->>'quantity' ~ '^\d{1,9}$' THEN jsonb_set(p, '{quantity}', to_jsonb((p->>'quantity')::integer)) ELSE p END AS q) AS quantity)
      END ORDER BY n)
    FROM jsonb_array_elements(parsed) WITH ORDINALITY AS e(p, n)), '[]'::jsonb);
END;
$$;
--> statement-breakpoint
ALTER TABLE "leads" DROP COLUMN "search";--> statement-breakpoint
UPDATE "leads" SET "reference" = coalesce("reference", "fields"->>'reference') WHERE "form" = 'quote' AND "fields" ? 'reference';--> statement-breakpoint
UPDATE "leads" SET "fields" = ("fields" - 'reference') || jsonb_build_object('products', "leads_0005_products"("fields"->>'products'))
  WHERE "form" = 'quote' AND "fields" ? 'products' AND jsonb_typeof("fields"->'products') = 'string';--> statement-breakpoint
UPDATE "leads" SET "fields" = "fields" - 'reference' WHERE "form" = 'quote';--> statement-breakpoint
UPDATE "leads" SET "fields" = "fields" - ARRAY(SELECT k FROM jsonb_object_keys("fields") AS k WHERE k ~ '^attachment(_\d+)?_filename$')
  WHERE EXISTS (SELECT 1 FROM jsonb_object_keys("fields") AS k WHERE k ~ '^attachment(_\d+)?_filename$');--> statement-breakpoint
DROP FUNCTION "leads_0005_products"(text);--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', coalesce(fields->>'name', '') || ' ' || coalesce(fields->>'email', '') || ' ' || coalesce(fields->>'company', '') || ' ' || coalesce(fields->>'country', '') || ' ' || coalesce(fields->>'subject', '') || ' ' || coalesce(fields->>'position', '') || ' ' || coalesce(fields->>'message', '') || ' ' || coalesce(fields->>'coverLetter', '') || ' ' || translate(coalesce(fields->>'email', ''), '@.', '  ')) || jsonb_to_tsvector('simple', coalesce(fields->'products', '[]'::jsonb), '["string", "numeric"]')) STORED;--> statement-breakpoint
CREATE INDEX "leads_search" ON "leads" USING gin ("search");--> statement-breakpoint
ALTER TABLE "lead_files" ADD COLUMN "role" text;--> statement-breakpoint
ALTER TABLE "lead_files" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "lead_files" SET
  "role" = CASE WHEN "field" ~ '^attachment_\d+$' OR (SELECT "form" FROM "leads" WHERE "leads"."id" = "lead_files"."lead_id") = 'quote' THEN 'attachment' ELSE 'resume' END,
  "position" = CASE WHEN "field" ~ '^attachment_\d+$' THEN substring("field" from '^attachment_(\d+)$')::integer - 1 ELSE 0 END;--> statement-breakpoint
ALTER TABLE "lead_files" ALTER COLUMN "role" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_files" DROP COLUMN "field";

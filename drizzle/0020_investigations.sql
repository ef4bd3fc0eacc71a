ALTER TABLE "item_reviews" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "item_reviews" ADD COLUMN "police_contacted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "item_reviews" ADD COLUMN "has_criminal_record" boolean;--> statement-breakpoint
ALTER TABLE "item_reviews" ADD COLUMN "is_sex_offender" boolean;--> statement-breakpoint
ALTER TABLE "item_reviews" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "stored_day_counts" ADD COLUMN "flagged" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stored_day_counts" ADD COLUMN "flagged_unmatched" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stored_items" ADD COLUMN "signals" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The stored guest arrivals' signals (lib/core/match-outcomes SIGNAL), from their kept items (short field codes, lib/features/history/item-codec).
UPDATE "stored_items" SET "signals" =
  (CASE WHEN "item"->>'fl' = 'true' THEN 1 ELSE 0 END)
  | (CASE WHEN "matched_ban_at_check_in" THEN 2 ELSE 0 END)
  | (CASE WHEN "item"->>'cr' = 'true' THEN 4 ELSE 0 END)
  | (CASE WHEN "item"->>'so' = 'true' THEN 8 ELSE 0 END)
  | (CASE WHEN "banned_when_pulled" THEN 16 ELSE 0 END)
WHERE "property_time_zone" IS NOT NULL
  AND ("item"->>'fl' = 'true' OR "matched_ban_at_check_in" OR "item"->>'cr' = 'true' OR "item"->>'so' = 'true' OR "banned_when_pulled");--> statement-breakpoint
-- The stored days' staff flags, counted as recountDays (lib/features/history/day-counts) counts them.
UPDATE "stored_day_counts" AS c SET "flagged" = f.flagged, "flagged_unmatched" = f.unmatched
FROM (
  SELECT "report_id", "property_name", coalesce("property_time_zone", '') AS zone,
    count(*)::int AS flagged,
    (count(*) FILTER (WHERE "signals" & 14 = 0))::int AS unmatched
  FROM "stored_items"
  WHERE "signals" & 1 <> 0
  GROUP BY "report_id", "property_name", coalesce("property_time_zone", '')
) AS f
WHERE c."report_id" = f."report_id" AND c."property_name" = f."property_name" AND c."property_time_zone" = f.zone;--> statement-breakpoint
CREATE INDEX "item_reviews_outcome_idx" ON "item_reviews" USING btree ("list_date") WHERE "item_reviews"."undone_at" is null and "item_reviews"."outcome" is not null;--> statement-breakpoint
CREATE INDEX "stored_items_signals_idx" ON "stored_items" USING btree ("check_in_date_local","document_key","signals") WHERE "stored_items"."signals" <> 0 and "stored_items"."document_key" is not null;
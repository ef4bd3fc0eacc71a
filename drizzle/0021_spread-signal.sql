-- SIGNAL.spread (32, lib/core/match-outcomes) on the stored guest arrivals whose document (its keyed
-- hash) arrived at another property within 8 days either side, as appendItems marks them from now on:
-- the rule of three properties within a week starts from these alone. One pass over the kept
-- documents, each looked up through the hash index on document_key.
UPDATE "stored_items" AS o SET "signals" = o."signals" | 32
WHERE o."document_key" IS NOT NULL AND o."property_time_zone" IS NOT NULL AND o."signals" & 32 = 0
  AND EXISTS (
    SELECT 1 FROM "stored_items" AS p
    WHERE p."document_key" = o."document_key" AND p."property_time_zone" IS NOT NULL
      AND p."check_in_date_local" BETWEEN to_char(o."check_in_date_local"::date - 8, 'YYYY-MM-DD')
        AND to_char(o."check_in_date_local"::date + 8, 'YYYY-MM-DD')
      AND (p."property_name" <> o."property_name" OR p."property_time_zone" <> o."property_time_zone")
  );

CREATE TABLE "stored_list_counts" (
	"report_id" bigint NOT NULL,
	"property_name" text NOT NULL,
	"list_date" text NOT NULL,
	"arrivals" integer NOT NULL,
	"waits_ms" bigint[] NOT NULL,
	CONSTRAINT "stored_list_counts_report_id_property_name_list_date_pk" PRIMARY KEY("report_id","property_name","list_date")
);
--> statement-breakpoint
ALTER TABLE "stored_list_counts" ADD CONSTRAINT "stored_list_counts_report_id_stored_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."stored_reports"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE FUNCTION "stored_list_counts_recount"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	ids bigint[];
	names text[];
BEGIN
	-- The criminal-arrival parts (report, property) the statement touched; a guests day's rows find none.
	IF TG_OP = 'INSERT' THEN
		SELECT array_agg(p."report_id"), array_agg(p."property_name") INTO ids, names
		FROM (SELECT DISTINCT "report_id", "property_name" FROM "changed_new") p
		JOIN "stored_reports" r ON r."id" = p."report_id" AND r."endpoint" = 'criminal-arrivals';
	ELSIF TG_OP = 'DELETE' THEN
		SELECT array_agg(p."report_id"), array_agg(p."property_name") INTO ids, names
		FROM (SELECT DISTINCT "report_id", "property_name" FROM "changed_old") p
		JOIN "stored_reports" r ON r."id" = p."report_id" AND r."endpoint" = 'criminal-arrivals';
	ELSE
		SELECT array_agg(p."report_id"), array_agg(p."property_name") INTO ids, names
		FROM (SELECT "report_id", "property_name" FROM "changed_new" UNION SELECT "report_id", "property_name" FROM "changed_old") p
		JOIN "stored_reports" r ON r."id" = p."report_id" AND r."endpoint" = 'criminal-arrivals';
	END IF;
	IF ids IS NULL THEN
		RETURN NULL;
	END IF;
	DELETE FROM "stored_list_counts" c USING unnest(ids, names) AS p("report_id", "property_name")
	WHERE c."report_id" = p."report_id" AND c."property_name" = p."property_name";
	-- 'au' is acknowledgedAtUtc's code in the stored item (lib/features/history/item-codec.ts); a wait
	-- is the two instants' difference in whole milliseconds, as Date.parse gives them.
	INSERT INTO "stored_list_counts" ("report_id", "property_name", "list_date", "arrivals", "waits_ms")
	SELECT i."report_id", i."property_name", i."check_in_date_local", count(*)::int,
		coalesce(array_agg(w."ms" ORDER BY w."ms") FILTER (WHERE w."ms" IS NOT NULL), '{}')
	FROM "stored_items" i
	CROSS JOIN LATERAL (SELECT (floor(extract(epoch FROM (i."item"->>'au')::timestamptz) * 1000)
		- floor(extract(epoch FROM i."check_in_at_utc"::timestamptz) * 1000))::bigint AS "ms") w
	-- The reports' items by the primary key, then the parts among them.
	WHERE i."report_id" = ANY (ARRAY(SELECT DISTINCT unnest(ids)))
		AND (i."report_id", i."property_name") IN (SELECT * FROM unnest(ids, names))
		AND i."restricted_by" IS NULL
	GROUP BY i."report_id", i."property_name", i."check_in_date_local";
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "stored_list_counts_on_insert" AFTER INSERT ON "stored_items"
	REFERENCING NEW TABLE AS "changed_new" FOR EACH STATEMENT EXECUTE FUNCTION "stored_list_counts_recount"();--> statement-breakpoint
CREATE TRIGGER "stored_list_counts_on_update" AFTER UPDATE ON "stored_items"
	REFERENCING OLD TABLE AS "changed_old" NEW TABLE AS "changed_new" FOR EACH STATEMENT EXECUTE FUNCTION "stored_list_counts_recount"();--> statement-breakpoint
CREATE TRIGGER "stored_list_counts_on_delete" AFTER DELETE ON "stored_items"
	REFERENCING OLD TABLE AS "changed_old" FOR EACH STATEMENT EXECUTE FUNCTION "stored_list_counts_recount"();--> statement-breakpoint
INSERT INTO "stored_list_counts" ("report_id", "property_name", "list_date", "arrivals", "waits_ms")
SELECT i."report_id", i."property_name", i."check_in_date_local", count(*)::int,
	coalesce(array_agg(w."ms" ORDER BY w."ms") FILTER (WHERE w."ms" IS NOT NULL), '{}')
FROM "stored_items" i
JOIN "stored_reports" r ON r."id" = i."report_id" AND r."endpoint" = 'criminal-arrivals'
CROSS JOIN LATERAL (SELECT (floor(extract(epoch FROM (i."item"->>'au')::timestamptz) * 1000)
	- floor(extract(epoch FROM i."check_in_at_utc"::timestamptz) * 1000))::bigint AS "ms") w
WHERE i."restricted_by" IS NULL
GROUP BY i."report_id", i."property_name", i."check_in_date_local";

CREATE TABLE "known_properties" (
	"property_name" text PRIMARY KEY NOT NULL,
	"time_zones" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"listed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stored_coverage" (
	"report_id" bigint NOT NULL,
	"property_name" text NOT NULL,
	"pulled_at" timestamp with time zone NOT NULL,
	"run_id" bigint,
	"live_observed_at" timestamp with time zone,
	"rows" jsonb,
	CONSTRAINT "stored_coverage_report_id_property_name_pk" PRIMARY KEY("report_id","property_name")
);
--> statement-breakpoint
ALTER TABLE "stored_coverage" ADD CONSTRAINT "stored_coverage_report_id_stored_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."stored_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_coverage" ADD CONSTRAINT "stored_coverage_run_id_sync_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."sync_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
INSERT INTO "stored_coverage" ("report_id", "property_name", "pulled_at", "run_id", "live_observed_at", "rows")
SELECT r."id", u."name", r."pulled_at", r."run_id", r."live_observed_at", CASE WHEN r."endpoint" = 'usage' THEN u."rows" END
FROM "stored_reports" r
JOIN (
	SELECT s."reported_date", e->>'propertyName' AS "name", jsonb_agg(e) AS "rows"
	FROM "stored_reports" s, jsonb_array_elements(s."report"->'byProperty') e
	WHERE s."endpoint" = 'usage'
	GROUP BY s."reported_date", e->>'propertyName'
) u ON u."reported_date" = r."reported_date"
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "stored_coverage" ("report_id", "property_name", "pulled_at", "run_id", "live_observed_at")
SELECT DISTINCT r."id", i."property_name", r."pulled_at", r."run_id", r."live_observed_at"
FROM "stored_reports" r JOIN "stored_items" i ON i."report_id" = r."id"
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "known_properties" ("property_name", "time_zones")
SELECT i."property_name", jsonb_agg(DISTINCT i."item"->>'propertyTimeZone')
FROM "stored_items" i JOIN "stored_reports" r ON r."id" = i."report_id"
WHERE r."endpoint" = 'guests' AND i."item" ? 'propertyTimeZone'
GROUP BY i."property_name"
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "known_properties" ("property_name", "listed_at")
SELECT DISTINCT e->>'propertyName', s."pulled_at"
FROM "stored_reports" s, jsonb_array_elements(s."report"->'byProperty') e
WHERE s."endpoint" = 'usage' AND s."reported_date" = (SELECT max("reported_date") FROM "stored_reports" WHERE "endpoint" = 'usage')
ON CONFLICT ("property_name") DO UPDATE SET "listed_at" = excluded."listed_at";

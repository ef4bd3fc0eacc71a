CREATE TABLE "stored_usage_days" (
	"report_id" bigint PRIMARY KEY NOT NULL,
	"unrecorded" text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_usage_rows" (
	"report_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"property_name" text NOT NULL,
	"scans" integer NOT NULL,
	"manual_entry" integer NOT NULL,
	"bans_added" integer NOT NULL,
	"criminal_matches" integer NOT NULL,
	"sex_offender_matches" integer NOT NULL,
	"ban_matches" integer NOT NULL,
	"criminal" integer NOT NULL,
	"sex_offender" integer NOT NULL,
	"age_alert" integer NOT NULL,
	"local_alert" integer NOT NULL,
	CONSTRAINT "stored_usage_rows_report_id_position_pk" PRIMARY KEY("report_id","position")
);
--> statement-breakpoint
ALTER TABLE "stored_usage_days" ADD CONSTRAINT "stored_usage_days_report_id_stored_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."stored_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_usage_rows" ADD CONSTRAINT "stored_usage_rows_report_id_stored_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."stored_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION "stored_usage_rows_refresh"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "stored_usage_rows" WHERE "report_id" = NEW."id";
	INSERT INTO "stored_usage_rows" ("report_id", "position", "property_name", "scans", "manual_entry", "bans_added",
		"criminal_matches", "sex_offender_matches", "ban_matches", "criminal", "sex_offender", "age_alert", "local_alert")
	SELECT NEW."id", (e."ord" - 1)::int, e."row"->>'propertyName', (e."row"->>'scans')::int,
		(e."row"->>'manualEntry')::int, (e."row"->>'bansAdded')::int, (e."row"->>'criminalMatches')::int,
		(e."row"->>'sexOffenderMatches')::int, (e."row"->>'banMatches')::int, (e."row"->>'criminal')::int,
		(e."row"->>'sexOffender')::int, (e."row"->>'ageAlert')::int, (e."row"->>'localAlert')::int
	FROM jsonb_array_elements(NEW."report"->'byProperty') WITH ORDINALITY AS e("row", "ord");
	-- The row figures (lib/features/history/assemble.ts, ROW_FIGURES) whose headline value is null.
	INSERT INTO "stored_usage_days" ("report_id", "unrecorded")
	SELECT NEW."id", coalesce(array_agg(f."figure" ORDER BY f."n"), '{}')
	FROM (VALUES (1, 'totals', 'scans'), (2, 'totals', 'manualEntry'), (3, 'totals', 'bansAdded'),
		(4, 'totals', 'criminalMatches'), (5, 'totals', 'sexOffenderMatches'), (6, 'alerts', 'banMatches'),
		(7, 'alerts', 'criminal'), (8, 'alerts', 'sexOffender'), (9, 'warnings', 'ageAlert'),
		(10, 'warnings', 'localAlert')) AS f("n", "block", "figure")
	WHERE coalesce(NEW."report" #> ARRAY[f."block", f."figure", 'value'], 'null'::jsonb) = 'null'::jsonb
	ON CONFLICT ("report_id") DO UPDATE SET "unrecorded" = EXCLUDED."unrecorded";
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "stored_usage_rows_on_write" AFTER INSERT OR UPDATE OF "report" ON "stored_reports"
	FOR EACH ROW WHEN (NEW."endpoint" = 'usage') EXECUTE FUNCTION "stored_usage_rows_refresh"();
--> statement-breakpoint
-- The usage days stored before: their rows and headlines, as a write of each would have kept them.
UPDATE "stored_reports" SET "report" = "report" WHERE "endpoint" = 'usage';

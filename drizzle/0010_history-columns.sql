CREATE TABLE "stored_day_counts" (
	"report_id" bigint NOT NULL,
	"property_name" text NOT NULL,
	"property_time_zone" text NOT NULL,
	"arrivals" integer NOT NULL,
	"unscreened" integer NOT NULL,
	"manual" integer NOT NULL,
	CONSTRAINT "stored_day_counts_report_id_property_name_property_time_zone_pk" PRIMARY KEY("report_id","property_name","property_time_zone")
);
--> statement-breakpoint
ALTER TABLE "stored_items" ADD COLUMN "property_time_zone" text;--> statement-breakpoint
ALTER TABLE "stored_items" ADD COLUMN "matched_ban_at_check_in" boolean;--> statement-breakpoint
ALTER TABLE "stored_items" ADD COLUMN "banned_when_pulled" boolean;--> statement-breakpoint
ALTER TABLE "stored_items" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "stored_day_counts" ADD CONSTRAINT "stored_day_counts_report_id_stored_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."stored_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
UPDATE "stored_items" SET
	"item" = coalesce((SELECT jsonb_object_agg(coalesce(c."code", e."key"), e."value") FROM jsonb_each("item") e
		LEFT JOIN (VALUES ('propertyName', 'p'), ('propertyTimeZone', 'z'), ('checkInAtUtc', 'c'), ('checkInDateLocal', 'd'), ('firstName', 'f'), ('middleName', 'm'), ('lastName', 'l'), ('dateOfBirth', 'b'), ('gender', 'g'), ('identificationNumber', 'i'), ('documentExpirationDate', 'x'), ('address', 'a'), ('city', 'ct'), ('state', 'st'), ('zipCode', 'zp'), ('roomNumber', 'r'), ('email', 'e'), ('phone', 'ph'), ('isFlagged', 'fl'), ('hasCriminalRecord', 'cr'), ('isSexualOffender', 'so'), ('matchedBanAtCheckIn', 'mb'), ('isCurrentlyBanned', 'cb'), ('source', 's'), ('crimeTypes', 'ty'), ('offenseDescriptions', 'od'), ('acknowledgedAtUtc', 'au'), ('acknowledgedAtLocal', 'al'), ('notKept', 'nk')) AS c("name", "code") ON c."name" = e."key"), '{}'::jsonb),
	"property_time_zone" = "item"->>'propertyTimeZone',
	"matched_ban_at_check_in" = ("item"->>'matchedBanAtCheckIn')::boolean,
	"banned_when_pulled" = ("item"->>'isCurrentlyBanned')::boolean,
	"source" = "item"->>'source',
	"name_key" = CASE WHEN "name_key" ~ '^[0-9a-f]{64}$' THEN rtrim(translate(encode(substring(decode("name_key", 'hex') FROM 1 FOR 16), 'base64'), '+/', '-_'), '=') ELSE "name_key" END,
	"birth_key" = CASE WHEN "birth_key" ~ '^[0-9a-f]{64}$' THEN rtrim(translate(encode(substring(decode("birth_key", 'hex') FROM 1 FOR 16), 'base64'), '+/', '-_'), '=') ELSE "birth_key" END,
	"document_key" = CASE WHEN "document_key" ~ '^[0-9a-f]{64}$' THEN rtrim(translate(encode(substring(decode("document_key", 'hex') FROM 1 FOR 16), 'base64'), '+/', '-_'), '=') ELSE "document_key" END;--> statement-breakpoint
INSERT INTO "stored_day_counts" ("report_id", "property_name", "property_time_zone", "arrivals", "unscreened", "manual")
SELECT i."report_id", i."property_name", coalesce(i."property_time_zone", ''), count(*)::int,
	(count(*) FILTER (WHERE i."matched_ban_at_check_in" IS NULL))::int,
	(count(*) FILTER (WHERE i."source" <> 'scan'))::int
FROM "stored_items" i JOIN "stored_reports" r ON r."id" = i."report_id"
WHERE r."endpoint" = 'guests'
GROUP BY i."report_id", i."property_name", coalesce(i."property_time_zone", '');--> statement-breakpoint
CREATE INDEX "stored_items_ban_candidates_idx" ON "stored_items" USING btree ("report_id") WHERE "stored_items"."banned_when_pulled" and "stored_items"."matched_ban_at_check_in" is not true;--> statement-breakpoint
UPDATE "privacy_requests" SET
	"name_key" = CASE WHEN "name_key" ~ '^[0-9a-f]{64}$' THEN rtrim(translate(encode(substring(decode("name_key", 'hex') FROM 1 FOR 16), 'base64'), '+/', '-_'), '=') ELSE "name_key" END,
	"birth_key" = CASE WHEN "birth_key" ~ '^[0-9a-f]{64}$' THEN rtrim(translate(encode(substring(decode("birth_key", 'hex') FROM 1 FOR 16), 'base64'), '+/', '-_'), '=') ELSE "birth_key" END,
	"document_key" = CASE WHEN "document_key" ~ '^[0-9a-f]{64}$' THEN rtrim(translate(encode(substring(decode("document_key", 'hex') FROM 1 FOR 16), 'base64'), '+/', '-_'), '=') ELSE "document_key" END
WHERE "name_key" IS NOT NULL OR "birth_key" IS NOT NULL OR "document_key" IS NOT NULL;

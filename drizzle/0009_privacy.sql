CREATE TABLE "privacy_assignments" (
	"property_name" text PRIMARY KEY NOT NULL,
	"policy_id" uuid NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"assigned_by" uuid
);
--> statement-breakpoint
CREATE TABLE "privacy_match_key" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"encrypted" text NOT NULL,
	"key_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "privacy_match_key_one_row" CHECK ("privacy_match_key"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "privacy_policies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"retention_days" integer,
	"kept" jsonb NOT NULL,
	"criminal_details" boolean DEFAULT true NOT NULL,
	"legal_hold" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "privacy_policies_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "privacy_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"reference" text,
	"name_key" text,
	"birth_key" text,
	"document_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"created_by_email" text,
	"closed_at" timestamp with time zone,
	"closed_by_email" text,
	"outcome" text,
	"lifted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "purge_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text NOT NULL,
	"rule" text NOT NULL,
	"kind" text NOT NULL,
	"day" text,
	"property_name" text,
	"rows" integer NOT NULL,
	"fields" text[],
	"request_id" bigint
);
--> statement-breakpoint
ALTER TABLE "stored_coverage" ADD COLUMN "items_purged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stored_coverage" ADD COLUMN "erased_items" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stored_items" ADD COLUMN "name_key" text;--> statement-breakpoint
ALTER TABLE "stored_items" ADD COLUMN "birth_key" text;--> statement-breakpoint
ALTER TABLE "stored_items" ADD COLUMN "document_key" text;--> statement-breakpoint
ALTER TABLE "stored_items" ADD COLUMN "restricted_by" bigint;--> statement-breakpoint
ALTER TABLE "stored_reports" ADD COLUMN "revised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "permissions" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "privacy_assignments" ADD CONSTRAINT "privacy_assignments_policy_id_privacy_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."privacy_policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_assignments" ADD CONSTRAINT "privacy_assignments_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_policies" ADD CONSTRAINT "privacy_policies_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "privacy_policies_one_default_idx" ON "privacy_policies" USING btree ("is_default") WHERE is_default;--> statement-breakpoint
CREATE INDEX "privacy_requests_state_idx" ON "privacy_requests" USING btree ("state","due_at");--> statement-breakpoint
CREATE INDEX "purge_log_at_idx" ON "purge_log" USING btree ("at");--> statement-breakpoint
ALTER TABLE "stored_items" ADD CONSTRAINT "stored_items_restricted_by_privacy_requests_id_fk" FOREIGN KEY ("restricted_by") REFERENCES "public"."privacy_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stored_items_name_key_idx" ON "stored_items" USING btree ("name_key");--> statement-breakpoint
CREATE INDEX "stored_items_document_key_idx" ON "stored_items" USING btree ("document_key");--> statement-breakpoint
INSERT INTO "privacy_policies" ("name", "is_default", "kept") VALUES ('Default', true, '{"dateOfBirth":true,"address":true,"email":true,"phone":true,"document":true,"offenseDetails":true}'::jsonb);--> statement-breakpoint
UPDATE "stored_coverage" SET "items_purged_at" = r."items_purged_at" FROM "stored_reports" r WHERE r."id" = "stored_coverage"."report_id" AND r."items_purged_at" IS NOT NULL;

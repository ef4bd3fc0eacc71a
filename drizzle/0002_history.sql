CREATE TABLE "item_reviews" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"item_key" text NOT NULL,
	"property_name" text NOT NULL,
	"list_date" text NOT NULL,
	"check_in_at_utc" text NOT NULL,
	"reviewed_by" uuid,
	"reviewer_email" text NOT NULL,
	"reviewer_name" text NOT NULL,
	"reviewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"note" text,
	"undone_at" timestamp with time zone,
	"undone_by" uuid,
	"undone_by_email" text,
	"undone_reason" text
);
--> statement-breakpoint
CREATE TABLE "list_sign_offs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"property_name" text NOT NULL,
	"list_date" text NOT NULL,
	"signed_off_by" uuid,
	"signer_email" text NOT NULL,
	"signer_name" text NOT NULL,
	"signed_off_at" timestamp with time zone DEFAULT now() NOT NULL,
	"note" text,
	"item_count" integer NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" uuid,
	"undone_by_email" text,
	"undone_reason" text
);
--> statement-breakpoint
CREATE TABLE "live_observations" (
	"report_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"observed_at" timestamp with time zone NOT NULL,
	"is_currently_banned" boolean NOT NULL,
	CONSTRAINT "live_observations_report_id_position_observed_at_pk" PRIMARY KEY("report_id","position","observed_at")
);
--> statement-breakpoint
CREATE TABLE "stored_items" (
	"report_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"property_name" text NOT NULL,
	"check_in_date_local" text NOT NULL,
	"check_in_at_utc" text NOT NULL,
	"item" jsonb NOT NULL,
	CONSTRAINT "stored_items_report_id_position_pk" PRIMARY KEY("report_id","position")
);
--> statement-breakpoint
CREATE TABLE "stored_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"endpoint" text NOT NULL,
	"reported_date" text NOT NULL,
	"pulled_at" timestamp with time zone NOT NULL,
	"run_id" bigint,
	"report" jsonb NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL,
	"live_observed_at" timestamp with time zone,
	"items_purged_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sync_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"trigger" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"outcome" text DEFAULT 'running' NOT NULL,
	"reported_date" text,
	"endpoints" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"correlation_id" text,
	"message" text
);
--> statement-breakpoint
ALTER TABLE "item_reviews" ADD CONSTRAINT "item_reviews_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_reviews" ADD CONSTRAINT "item_reviews_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_sign_offs" ADD CONSTRAINT "list_sign_offs_signed_off_by_users_id_fk" FOREIGN KEY ("signed_off_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_sign_offs" ADD CONSTRAINT "list_sign_offs_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_observations" ADD CONSTRAINT "live_observations_report_id_stored_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."stored_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_items" ADD CONSTRAINT "stored_items_report_id_stored_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."stored_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_reports" ADD CONSTRAINT "stored_reports_run_id_sync_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."sync_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "item_reviews_active_idx" ON "item_reviews" USING btree ("item_key") WHERE undone_at is null;--> statement-breakpoint
CREATE INDEX "item_reviews_list_idx" ON "item_reviews" USING btree ("property_name","list_date");--> statement-breakpoint
CREATE UNIQUE INDEX "list_sign_offs_active_idx" ON "list_sign_offs" USING btree ("property_name","list_date") WHERE undone_at is null;--> statement-breakpoint
CREATE INDEX "list_sign_offs_date_idx" ON "list_sign_offs" USING btree ("list_date");--> statement-breakpoint
CREATE INDEX "stored_items_list_idx" ON "stored_items" USING btree ("property_name","check_in_date_local");--> statement-breakpoint
CREATE UNIQUE INDEX "stored_reports_day_idx" ON "stored_reports" USING btree ("endpoint","reported_date");--> statement-breakpoint
CREATE INDEX "sync_runs_started_idx" ON "sync_runs" USING btree ("started_at");
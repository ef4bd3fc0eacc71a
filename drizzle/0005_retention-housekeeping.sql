CREATE TABLE "housekeeping_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ran_at" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL,
	"removed" jsonb NOT NULL,
	"message" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "item_reviews" ALTER COLUMN "check_in_at_utc" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "housekeeping_runs_ran_idx" ON "housekeeping_runs" USING btree ("ran_at");
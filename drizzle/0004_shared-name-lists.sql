DROP INDEX "list_sign_offs_active_idx";--> statement-breakpoint
ALTER TABLE "item_reviews" ADD COLUMN "property_time_zone" text;--> statement-breakpoint
ALTER TABLE "list_sign_offs" ADD COLUMN "property_time_zone" text;--> statement-breakpoint
CREATE UNIQUE INDEX "list_sign_offs_active_idx" ON "list_sign_offs" USING btree ("property_name",coalesce("property_time_zone", ''),"list_date") WHERE undone_at is null;